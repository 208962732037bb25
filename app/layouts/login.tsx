import { Outlet } from "react-router";
import { useTranslation } from "../i18n/use-translation";
import { LanguageSwitch } from "../ui/language-switch";
import * as layout from "../styles/layout.css";
import { useRootData } from "../root";

/** The seed's "login" layout: a centred card with the product name. */
export default function LoginLayout() {
  const { t } = useTranslation();
  const root = useRootData();
  return (
    <div className={layout.loginShell}>
      <a href="#main" className="visually-hidden">
        {t("app.skipToContent")}
      </a>
      <main id="main" className={layout.loginCard}>
        <p className={layout.loginBrand}>{root?.appName ?? t("app.name")}</p>
        <Outlet />
      </main>
      <footer className={layout.loginFooter}>
        <LanguageSwitch />
      </footer>
    </div>
  );
}
