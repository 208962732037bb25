import { useLocation } from "react-router";
import { useTranslation } from "../i18n/use-translation";
import { describeError, errorTitle } from "../utils/error-page";
import * as ui from "../styles/ui.css";
import { PageTitle } from "./ui";

/**
 * The seed's error page, as content: the root draws it alone (its own loader failed, so no
 * layout can be drawn), the default layout inside its header and navigation (a page of it
 * failed, so the user keeps a way on and can sign out).
 */
export function ErrorContent({ error }: { error: unknown }) {
  const { t } = useTranslation();
  const location = useLocation();
  const info = describeError(error);
  const title = errorTitle(info, t);
  const message = info.messageKey ? t(info.messageKey, { path: location.pathname }) : null;
  return (
    <div className={ui.stack} style={{ maxWidth: 640, margin: "10vh auto", padding: 16 }}>
      <PageTitle title={title} />
      <p className={ui.muted}>{t("errors.status", { status: info.status })}</p>
      <h1 className={ui.pageHeading}>{title}</h1>
      {message ? <p data-testid="error-message">{message}</p> : null}
      <p>
        <a href="/">{t("errors.goHome")}</a>
      </p>
    </div>
  );
}
