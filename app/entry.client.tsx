import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { HydratedRouter } from "react-router/dom";
import { defaultLocale, isLocale, type Locale } from "../core/i18n/config";
import { i18nFor, type Messages } from "../core/i18n/translate";
import { I18nContext } from "./i18n/use-translation";
import { installChunkReloadGuard } from "./browser/chunk-reload.client";

installChunkReloadGuard();

/** Only the page's language is downloaded. */
const loaders: Record<Locale, () => Promise<Messages>> = {
  en: () => import("../core/i18n/locales/en").then((m) => m.en),
  es: () => import("../core/i18n/locales/es").then((m) => m.es),
};

async function hydrate() {
  const lang = document.documentElement.lang;
  const lng: Locale = isLocale(lang) ? lang : defaultLocale;
  const i18n = i18nFor(lng, await loaders[lng]());
  startTransition(() => {
    hydrateRoot(
      document,
      <I18nContext value={i18n}>
        <StrictMode>
          <HydratedRouter />
        </StrictMode>
      </I18nContext>,
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
