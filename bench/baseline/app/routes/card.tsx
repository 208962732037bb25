/**
 * The design-card floor: the bare page plus the client packages the design card names, each used
 * as an app uses it: react-i18next with one namespace, react-hot-toast's Toaster, one Radix
 * tooltip. `npm run bench:bundle` measures what a first visit to this page downloads.
 */
import * as Tooltip from "@radix-ui/react-tooltip";
import { createInstance } from "i18next";
import { I18nextProvider, initReactI18next, useTranslation } from "react-i18next";
import toast, { Toaster } from "react-hot-toast";

const resources = {
  en: { card: { title: "The design card's packages", save: "Save", saveHint: "Saves the page", saved: "Saved" } },
} as const;

// One instance for the module, ready before the first render on the server and in the browser.
const i18n = createInstance();
void i18n.use(initReactI18next).init({ lng: "en", fallbackLng: "en", ns: ["card"], defaultNS: "card", resources, initAsync: false, interpolation: { escapeValue: false } });

export function meta() {
  return [{ title: "Baseline: design card" }, { name: "description", content: "A React Router 8 page with the design card's client packages." }];
}

function Card() {
  const { t } = useTranslation("card");
  return (
    <main>
      <h1>{t("title")}</h1>
      {/* Seed §9's delays, as Tesoro's provider has them. */}
      <Tooltip.Provider delayDuration={700} skipDelayDuration={300}>
        <Tooltip.Root>
          <Tooltip.Trigger asChild>
            <button type="button" onClick={() => toast.success(t("saved"))}>
              {t("save")}
            </button>
          </Tooltip.Trigger>
          <Tooltip.Portal>
            <Tooltip.Content sideOffset={4}>
              {t("saveHint")}
              <Tooltip.Arrow />
            </Tooltip.Content>
          </Tooltip.Portal>
        </Tooltip.Root>
      </Tooltip.Provider>
      <Toaster />
    </main>
  );
}

export default function CardPage() {
  return (
    <I18nextProvider i18n={i18n}>
      <Card />
    </I18nextProvider>
  );
}
