import { Languages } from "lucide-react";
import { useTranslation } from "../i18n/use-translation";
import { Form, useLocation } from "react-router";
import { keepTypedValues } from "../forms/typed-through-language-switch";
import { headerAction } from "../styles/layout.css";
import * as ui from "../styles/ui.css";

/**
 * A plain form post, so it works before JavaScript loads; the choice is kept in a cookie and on the
 * account. With JavaScript, what the user typed on the page comes back after the switch.
 * `inHeader`: styled as the header's buttons (icon above caption on phones).
 */
export function LanguageSwitch({ inHeader = false }: { inHeader?: boolean }) {
  const { t, i18n } = useTranslation();
  const location = useLocation();
  const next = i18n.language === "es" ? "en" : "es";
  return (
    <Form method="post" action="/resources/locale" reloadDocument onSubmit={keepTypedValues}>
      <input type="hidden" name="lng" value={next} />
      <input type="hidden" name="redirectTo" value={location.pathname + location.search} />
      <button type="submit" className={inHeader ? `${ui.button.ghost} ${headerAction}` : ui.button.ghost} lang={next} aria-label={`${t("app.language")}: ${t(`app.languageNames.${next}`)}`}>
        <Languages aria-hidden="true" size={18} />
        <span>{t("app.switchTo")}</span>
      </button>
    </Form>
  );
}
