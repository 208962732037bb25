import "../core/schemas/zod-jitless";
import "./styles/global.css";
import { useEffect } from "react";
import { useTranslation } from "./i18n/use-translation";
import toast from "react-hot-toast";
import { data, Links, Meta, Outlet, Scripts, ScrollRestoration, useRouteLoaderData } from "react-router";
import { HoneypotProvider } from "remix-utils/honeypot/react";
import type { Route } from "./+types/root";
import { BuildCheck } from "./ui/build-check";
import { Toaster } from "./ui/toaster";
import { cloudflareContext } from "./server/context.server";
import { csrfMiddleware } from "./server/csrf.server";
import { honeypotInputProps } from "./server/honeypot.server";
import { getI18n, getLocale, i18nMiddleware } from "./i18n/i18n.server";
import { currentUser, sessionMiddleware } from "./server/session.server";
import * as ui from "./styles/ui.css";
import { showSuccessToast } from "./forms/form-toasts";
import { readFlash } from "./server/toast.server";
import { ErrorContent } from "./ui/error-content";
import { useFocusKeptThroughSubmits } from "./forms/focus-kept-through-submits";
import { useTypedValuesRestored } from "./forms/typed-through-language-switch";

// i18n first: a 403 from CSRF or an error from the session must still render in a language (STACK-NOTES trap 2).
export const middleware: Route.MiddlewareFunction[] = [i18nMiddleware, csrfMiddleware, sessionMiddleware];

export async function loader({ request, context }: Route.LoaderArgs) {
  const { env } = context.get(cloudflareContext);
  const user = currentUser(context);
  const { flash, clear } = await readFlash(request);
  return data(
    {
      locale: getLocale(context),
      appName: env.APP_NAME || "Tesoro",
      apiBasePath: env.API_BASE_PATH,
      user: user ? { name: user.name, email: user.email, timeZone: user.timeZone, theme: user.theme } : null,
      // Every page, signed in or not: root data is not reloaded on every client-side move, so
      // a later move to a public form must already have it.
      honeypot: await honeypotInputProps(env),
      // Its text made here, where every text is at hand: a page's own texts (Settings') are not
      // in the browser until that page's code is, and the message may land on another page.
      flash: flash ? { ...flash, text: getI18n(context).t(flash.key) } : null,
    },
    clear ? { headers: { "Set-Cookie": clear } } : undefined,
  );
}

export type RootData = Awaited<ReturnType<typeof loader>>["data"];

export function useRootData(): RootData | undefined {
  return useRouteLoaderData<typeof loader>("root");
}

export function Layout({ children }: { children: React.ReactNode }) {
  const root = useRootData();
  const { i18n } = useTranslation();
  const theme = root?.user?.theme ?? "system";
  return (
    <html lang={root?.locale ?? i18n.language ?? "en"} dir="ltr" data-theme={theme}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="color-scheme" content="light dark" />
        <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
        <Meta />
        <Links />
      </head>
      <body>
        {children}
        <ScrollRestoration />
        <Scripts />
      </body>
    </html>
  );
}

export default function App({ loaderData }: Route.ComponentProps) {
  useFocusKeptThroughSubmits();
  useTypedValuesRestored();
  useEffect(() => {
    // Lets end-to-end tests (and people debugging) know the page is interactive.
    document.documentElement.dataset.hydrated = "true";
  }, []);
  useEffect(() => {
    if (!loaderData.flash) return;
    const { type, key, text } = loaderData.flash;
    if (type === "error") toast.error(text, { id: key });
    // News that is neither a success nor a failure ("your session has ended"): no tick, no cross.
    else if (type === "info") toast(text, { id: key });
    else showSuccessToast(text, key);
  }, [loaderData.flash]);
  return (
    <HoneypotProvider {...loaderData.honeypot}>
      {/* Without JavaScript there is no toast: the same message, in the page. With scripts the
          browser never builds this, so it is never shown or read twice. */}
      {loaderData.flash ? (
        <noscript>
          <p role="status" className={`${ui.flashWithoutScripts} ${ui.alert[loaderData.flash.type]}`}>
            {loaderData.flash.text}
          </p>
        </noscript>
      ) : null}
      <Outlet />
      {/* App notifications sit at the top; the component's own default is bottom-right. */}
      <Toaster position="top-center" />
      <BuildCheck apiBasePath={loaderData.apiBasePath} />
    </HoneypotProvider>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return (
    <main id="main">
      <ErrorContent error={error} />
    </main>
  );
}
