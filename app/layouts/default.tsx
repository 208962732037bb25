import { Camera, LayoutDashboard, LogOut, Settings, Wallet } from "lucide-react";
import { useTranslation } from "../i18n/use-translation";
import { Form, Link, NavLink, Outlet } from "react-router";
import { LanguageSwitch } from "../components/language-switch";
import { useRootData } from "../root";
import * as layout from "../styles/layout.css";
import * as ui from "../styles/ui.css";

const NAV = [
  { to: "/", key: "nav.overview", icon: LayoutDashboard, end: true },
  { to: "/accounts", key: "nav.accounts", icon: Wallet, end: false },
  { to: "/camera", key: "nav.camera", icon: Camera, end: false },
  { to: "/settings", key: "nav.settings", icon: Settings, end: false },
] as const;

/** The seed's "default" layout: header with product name, navigation, language switch, sign out. */
export default function DefaultLayout() {
  const { t } = useTranslation();
  const root = useRootData();
  return (
    <>
      <a href="#main" className={ui.skipLink}>
        {t("app.skipToContent")}
      </a>
      <header className={layout.header}>
        <div className={layout.headerInner}>
          <Link to="/" className={layout.brand}>
            {root?.appName ?? t("app.name")}
          </Link>
          <nav aria-label={t("app.primaryNav")} className={layout.nav}>
            <ul className={layout.navList}>
              {NAV.map(({ to, key, icon: Icon, end }) => (
                <li key={to} className={layout.navItem}>
                  <NavLink to={to} end={end} className={layout.navLink} prefetch="intent">
                    <Icon aria-hidden="true" size={18} />
                    {t(key)}
                  </NavLink>
                </li>
              ))}
            </ul>
          </nav>
          <LanguageSwitch inHeader />
          {root?.user ? (
            <Form method="post" action="/logout">
              <button type="submit" className={`${ui.button.ghost} ${layout.headerAction}`}>
                <LogOut aria-hidden="true" size={18} />
                <span>{t("app.signOut")}</span>
              </button>
            </Form>
          ) : (
            <Link to="/login" className={ui.button.ghost}>
              {t("app.signIn")}
            </Link>
          )}
        </div>
      </header>
      <main id="main" className={layout.main} tabIndex={-1}>
        <Outlet />
      </main>
    </>
  );
}
