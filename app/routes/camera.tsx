import { useTranslation } from "react-i18next";
import type { Route } from "./+types/camera";
import { PageTitle } from "../components/ui";
import * as ui from "../styles/ui.css";

// No guard: the seed lists none for the camera page.
export function loader() {
  return null;
}

export default function Camera() {
  const { t } = useTranslation();
  return (
    <>
      <PageTitle title={t("titles.camera")} />
      <h1 className={ui.pageHeading}>{t("titles.camera")}</h1>
      <p>{t("pages.cameraIntro")}</p>
    </>
  );
}
