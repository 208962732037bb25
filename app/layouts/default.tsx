import { CalendarClock, Camera, ChartColumn, Ellipsis, LayoutDashboard, List, LogOut, PiggyBank, Search, Settings, Wallet } from "lucide-react";
import { useTranslation } from "../i18n/use-translation";
import { useEffect, useRef, type ReactNode } from "react";
import { Form, Link, matchPath, NavLink, Outlet, useLocation } from "react-router";
import { ErrorContent } from "../ui/error-content";
import { LanguageSwitch } from "../ui/language-switch";
import { useRootData } from "../root";
import type { Route } from "./+types/default";
import * as layout from "../styles/layout.css";
import * as search from "./header-search.css";
import * as ui from "../styles/ui.css";
import { HEADER_BLOCK_SIZE } from "../ui/constants";
import { TEXT_LIMITS } from "../../core/input-limits";
import { QuickAddButton } from "../forms/quick-add/quick-add-button";

/**
 * Where each entry sits (ADR 063): three in the row and "More" for the rest, at every width. So
 * every caption stays a readable word at 360 px in Spanish, and the header keeps one row on a
 * laptop beside the search and both header buttons (a fourth entry wraps it at 1280 px in Spanish).
 */
const NAV = [
  { to: "/", key: "nav.overview", icon: LayoutDashboard, end: true, inRow: true },
  { to: "/accounts", key: "nav.accounts", icon: Wallet, end: false, inRow: true },
  { to: "/camera", key: "nav.camera", icon: Camera, end: false, inRow: true },
  { to: "/budgets", key: "ledger.budgets.nav", icon: PiggyBank, end: false, inRow: false },
  { to: "/reports", key: "nav.reports", icon: ChartColumn, end: false, inRow: false },
  { to: "/transactions", key: "ledger.register.nav", icon: List, end: true, inRow: false },
  { to: "/schedules", key: "nav.schedules", icon: CalendarClock, end: false, inRow: false },
  { to: "/settings", key: "nav.settings", icon: Settings, end: false, inRow: false },
] as const;

/** The seed's "default" layout: header with product name, navigation, language switch, sign out. */
export default function DefaultLayout() {
  return (
    <Shell>
      <Outlet />
    </Shell>
  );
}

/** A page of this layout that failed (a 404, the API down) keeps the header: a way on, and sign-out. */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return (
    <Shell>
      <ErrorContent error={error} />
    </Shell>
  );
}

function Shell({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const root = useRootData();
  const headerRef = useHeaderBlockSize();
  return (
    <>
      <a href="#main" className={ui.skipLink}>
        {t("app.skipToContent")}
      </a>
      <header ref={headerRef} className={layout.header}>
        <div className={layout.headerInner}>
          <Link to="/" className={layout.brand}>
            {root?.appName ?? t("app.name")}
          </Link>
          <nav aria-label={t("app.primaryNav")} className={layout.nav}>
            <ul className={layout.navList}>
              {NAV.filter((entry) => entry.inRow).map(({ to, key, icon: Icon, end }) => (
                <li key={to} className={layout.navItem}>
                  <NavLink to={to} end={end} className={layout.navLink} prefetch="intent">
                    <Icon aria-hidden="true" size={18} />
                    {t(key)}
                  </NavLink>
                </li>
              ))}
              <li className={layout.navItem}>
                <MoreMenu />
              </li>
            </ul>
          </nav>
          {root?.user ? <HeaderSearch /> : null}
          {root?.user ? <QuickAddButton testId="header-quick-add" className={`${ui.button.ghost} ${search.quickAdd}`} /> : null}
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
        {children}
      </main>
    </>
  );
}

/**
 * The entries that do not fit the row: a disclosure, so it opens without JavaScript. It closes
 * after a navigation (the layout stays mounted, so the element would keep its open state).
 */
function MoreMenu() {
  const { t } = useTranslation();
  const location = useLocation();
  const ref = useRef<HTMLDetailsElement>(null);
  // Only after a move: on mount (hydration) a menu opened before the scripts ran stays open.
  const shownAt = useRef(location.key);
  useEffect(() => {
    if (shownAt.current === location.key) return;
    shownAt.current = location.key;
    if (ref.current) ref.current.open = false;
  }, [location.key]);
  const inMenu = NAV.filter((entry) => !entry.inRow);
  // The router's own matching, as each NavLink inside does it: "More" is current when one of them is.
  const current = inMenu.some(({ to, end }) => matchPath({ path: to, end }, location.pathname) !== null);
  return (
    <details ref={ref} className={layout.more}>
      <summary className={`${layout.navLink} ${layout.moreSummary}`} data-current={current ? "true" : undefined}>
        <Ellipsis aria-hidden="true" size={18} />
        {t("nav.more")}
      </summary>
      <ul className={layout.moreList}>
        {inMenu.map(({ to, key, icon: Icon, end }) => (
          <li key={to}>
            <NavLink to={to} end={end} className={layout.moreLink} prefetch="intent">
              <Icon aria-hidden="true" size={18} />
              {t(key)}
            </NavLink>
          </li>
        ))}
      </ul>
    </details>
  );
}

/**
 * Search from any page: a plain GET form to the register (/transactions?q=…), so it works without
 * JavaScript; text or an amount ("20.77", "20,77"). The register's own filters take it from there.
 */
function HeaderSearch() {
  const { t } = useTranslation();
  const location = useLocation();
  // On the register the field shows what is searched; elsewhere it starts empty.
  const onRegister = location.pathname === "/transactions";
  const current = onRegister ? (new URLSearchParams(location.search).get("q") ?? "") : "";
  return (
    <Form method="get" action="/transactions" role="search" aria-label={t("ledger.register.headerSearch")} className={`${search.form} ${onRegister ? search.formOnRegister : ""}`} key={current}>
      <input
        type="search"
        name="q"
        defaultValue={current}
        aria-label={t("ledger.register.headerSearch")}
        placeholder={t("ledger.register.headerSearchPlaceholder")}
        className={`${search.input} ${onRegister ? "" : search.inputOffRegister}`}
        maxLength={TEXT_LIMITS.search}
        data-testid="header-search"
      />
      <button type="submit" className={`${ui.button.ghost} ${search.button}`} aria-label={t("ledger.register.headerSearchButton")}>
        <Search aria-hidden="true" size={18} />
      </button>
    </Form>
  );
}

/**
 * Publishes how much of the header shows at the top of the window while this layout is on screen,
 * so toasts open below it instead of over its links, and move up to the top once it is scrolled
 * away (the toaster reads the custom property; the login layout has no header, so there toasts
 * keep the top). Measured rather than assumed: the header wraps to two rows on phones, and larger
 * text or a longer language changes its height. Written only when the figure changes, so scrolling
 * past the header costs nothing.
 */
function useHeaderBlockSize() {
  const ref = useRef<HTMLElement>(null);
  useEffect(() => {
    const header = ref.current;
    if (!header) return;
    const root = document.documentElement;
    let shown = -1;
    let frame = 0;
    const measure = () => {
      frame = 0;
      const visible = Math.max(0, Math.round(header.getBoundingClientRect().bottom));
      if (visible === shown) return;
      shown = visible;
      root.style.setProperty(HEADER_BLOCK_SIZE, `${visible}px`);
    };
    const schedule = () => {
      frame ||= requestAnimationFrame(measure);
    };
    measure();
    const observer = new ResizeObserver(schedule);
    observer.observe(header);
    window.addEventListener("scroll", schedule, { passive: true });
    return () => {
      observer.disconnect();
      window.removeEventListener("scroll", schedule);
      cancelAnimationFrame(frame);
      root.style.removeProperty(HEADER_BLOCK_SIZE);
    };
  }, []);
  return ref;
}
