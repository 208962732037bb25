import i18next from "i18next";
import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { I18nextProvider, initReactI18next } from "react-i18next";
import { HydratedRouter } from "react-router/dom";
import { defaultLocale, interpolation, isLocale, type Locale } from "./i18n/config";
import { installChunkReloadGuard } from "./lib/chunk-reload.client";

installChunkReloadGuard();

/** Only the page's language is downloaded. */
const loaders: Record<Locale, () => Promise<{ translation: object }>> = {
  en: () => import("./i18n/locales/en").then((m) => ({ translation: m.en })),
  es: () => import("./i18n/locales/es").then((m) => ({ translation: m.es })),
};

async function hydrate() {
  const lang = document.documentElement.lang;
  const lng: Locale = isLocale(lang) ? lang : defaultLocale;
  await i18next.use(initReactI18next).init({
    lng,
    fallbackLng: false,
    resources: { [lng]: await loaders[lng]() },
    interpolation,
    react: { useSuspense: false },
  });
  startTransition(() => {
    hydrateRoot(
      document,
      <I18nextProvider i18n={i18next}>
        <StrictMode>
          <HydratedRouter />
        </StrictMode>
      </I18nextProvider>,
    );
  });
}

void hydrate();
