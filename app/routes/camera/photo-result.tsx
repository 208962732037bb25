/** The photo taken or picked: its preview, retake or download, and where it goes (receipt-targets.tsx). */
import { Link } from "react-router";
import { useTranslation } from "../../i18n/use-translation";
import { ReceiptTargets } from "./receipt-targets";
import type { CameraPageData, Photo } from "./types";
import { useSignInHere } from "./use-sign-in-here";
import * as c from "../../styles/camera.css";
import * as ui from "../../styles/ui.css";

export function PhotoResult({ photo, loaderData, onRetake }: { photo: Photo; loaderData: CameraPageData; onRetake: () => void }) {
  const { t } = useTranslation();
  const signInHere = useSignInHere();
  const extension = photo.blob.type === "image/png" ? "png" : photo.blob.type === "image/webp" ? "webp" : photo.blob.type === "image/heic" ? "heic" : "jpg";
  return (
    <section className={`${ui.card} ${ui.stack}`} aria-labelledby="photo-title" data-testid="photo-result">
      <h2 id="photo-title" style={{ margin: 0, fontSize: "1.25rem" }}>
        {t("camera.photo.title")}
      </h2>
      <img src={photo.url} alt={t("camera.photo.preview")} className={c.preview} data-testid="photo-preview" />
      <div className={ui.row}>
        <button type="button" className={ui.button.ghost} onClick={onRetake}>
          {photo.picked ? t("camera.photo.chooseAnother") : t("camera.photo.retake")}
        </button>
        <a className={ui.button.ghost} href={photo.url} download={`receipt-${loaderData.today}.${extension}`}>
          {t("camera.photo.download")}
        </a>
      </div>
      {loaderData.signedIn ? (
        <ReceiptTargets photo={photo.blob} loaderData={loaderData} />
      ) : (
        <p className={ui.alert.info} data-testid="photo-signed-out">
          {t("camera.photo.signedOutNote")} <Link to={signInHere}>{t("camera.photo.signIn")}</Link>
        </p>
      )}
    </section>
  );
}
