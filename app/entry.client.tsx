import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { I18nextProvider } from "react-i18next";
import { HydratedRouter } from "react-router/dom";
import { defaultLocale, isLocale, type Locale } from "../core/i18n/config";
import { createI18next, type Bundles } from "../core/i18n/i18next-options";
import { receivePageTexts } from "../core/i18n/page-bundles";
import { installChunkReloadGuard } from "./browser/chunk-reload.client";

installChunkReloadGuard();

/** Only the page's language is downloaded, and of it only the namespaces every page may show. */
const loaders: Record<Locale, () => Promise<Bundles>> = {
  en: () => import("../core/i18n/locales/en").then((m) => m.enFirstVisit),
  es: () => import("../core/i18n/locales/es").then((m) => m.esFirstVisit),
};

async function hydrate() {
  const lang = document.documentElement.lang;
  const lng: Locale = isLocale(lang) ? lang : defaultLocale;
  const i18n = createI18next(lng, { [lng]: await loaders[lng]() });
  // The route modules of this page ran before this file: their own namespaces join now.
  receivePageTexts(i18n);
  startTransition(() => {
    hydrateRoot(
      document,
      <I18nextProvider i18n={i18n}>
        <StrictMode>
          <HydratedRouter />
        </StrictMode>
      </I18nextProvider>,
      {
        // A mismatch (#418) is mended by rendering again in the browser, and production React
        // names only its number. QA saw one on the overview once, which ~440 loads could not
        // reproduce (session 15): the next one says where (address, language, component stack),
        // then is reported as React would by default.
        onRecoverableError(error, info) {
          console.error("Recoverable error", location.pathname + location.search, document.documentElement.lang, error, info.componentStack);
          window.reportError(error);
        },
      },
    );
  });
}

void hydrate();
