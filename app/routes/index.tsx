import { useTranslation } from "react-i18next";
import type { Route } from "./+types/index";
import { PageTitle } from "../components/ui";
import { guard } from "../guards.server";
import { requireUser } from "../session.server";
import * as ui from "../styles/ui.css";

export const middleware: Route.MiddlewareFunction[] = [guard("auth")];

export function loader({ context }: Route.LoaderArgs) {
  const { user } = requireUser(context);
  return { name: user.name };
}

export default function Overview({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  return (
    <>
      <PageTitle title={t("titles.overview")} />
      <h1 className={ui.pageHeading}>{t("titles.overview")}</h1>
      <p>{loaderData.name}</p>
    </>
  );
}
