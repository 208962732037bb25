/**
 * Settings → Exchange rates (ADR 056): the reporting currency (default PEN), the newest official
 * rates (BCRP) with the day they are for, and the user's own rates: a pair, a range of days, the
 * rate they really got. Plain forms posted to the settings action (rates-actions.server.ts), so
 * they work without JavaScript; a refusal shows beside the field, with what was typed.
 */
import { Form } from "react-router";
import { useFocusAfterSave } from "../../forms/focus-after-save";
import { useTranslation } from "../../i18n/use-translation";
import { useClientValidation } from "../../forms/forms";
import { formErrorOf, type FormAnswer } from "../../forms/form-answer";
import { SelectField } from "../../forms/fields";
import type { RatesAnswer, UserRateOut } from "../../../core/api-types/rates";
import { formatDay } from "../../../core/dates";
import { currencyOptionLabel, OFFERED_CURRENCIES } from "../../../core/money";
import { RATE_NOTE_MAX, REPORTING_CURRENCIES } from "../../../core/exchange";
import { useResetWhenSaved } from "./use-reset-when-saved";
import type { SettingsAnswer } from "./use-settings-answer";
import * as l from "../../styles/ledger.css";
import * as s from "../../styles/settings.css";
import * as ui from "../../styles/ui.css";
import { Field, FormAlert } from "../../ui/ui";

// The form's schema comes with zod when the form is first focused or sent, not with the page (ADR 078).
const loadRateSchema = () => import("../../../core/schemas/rates").then((m) => m.userRateCreateSchema);

export function RatesSection({ rates, today, actionData, settingsAnswer }: { rates: RatesAnswer; today: string; actionData: FormAnswer | undefined; settingsAnswer: SettingsAnswer }) {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  const addFormRef = useResetWhenSaved("rate-add", settingsAnswer.answered);
  const added = actionData?.form === "rate-add" ? actionData : undefined;
  const reporting = actionData?.form === "reporting-currency" ? actionData : undefined;
  const removed = actionData?.form === "rate-delete" ? actionData : undefined;
  const addForm = useClientValidation(loadRateSchema, t, added?.errors);
  const focusWhenAdded = useFocusAfterSave("#rate-new-currency", added);
  const day = (iso: string) => formatDay(iso, language);
  const options = (codes: readonly string[]) => codes.map((code) => ({ value: code, label: currencyOptionLabel(code, language) }));
  // PEN, USD and EUR first (BCRP's), then the rest A–Z.
  const pairCurrencies = [...REPORTING_CURRENCIES, ...OFFERED_CURRENCIES.filter((c) => !(REPORTING_CURRENCIES as readonly string[]).includes(c))];
  return (
    <section id="rates" aria-labelledby="rates-title" className={`${ui.card} ${s.section}`} data-testid="settings-rates">
      <h2 id="rates-title" className={s.sectionTitle} tabIndex={-1}>
        {t("settings.rates.title")}
      </h2>
      <p className={s.small}>{t("settings.rates.intro")}</p>

      <Form method="post" className={ui.stack} noValidate aria-label={t("settings.rates.reportingLabel")}>
        <input type="hidden" name="intent" value="reporting-currency" />
        <FormAlert message={formErrorOf(reporting, t)} />
        <div className={s.categoryFields}>
          <SelectField
            id="reporting-currency"
            label={t("settings.rates.reportingLabel")}
            name="currency"
            hint={t("settings.rates.reportingHint")}
            defaultValue={rates.reportingCurrency}
            error={reporting?.errors.currency?.[0]}
            options={options((REPORTING_CURRENCIES as readonly string[]).includes(rates.reportingCurrency) ? REPORTING_CURRENCIES : [rates.reportingCurrency, ...REPORTING_CURRENCIES])}
          />
        </div>
        <div>
          <button type="submit" className={ui.button.primary} disabled={settingsAnswer.busy("reporting-currency")}>
            {t("settings.rates.saveReporting")}
          </button>
        </div>
      </Form>

      <hr className={s.divider} />
      <h3 className={s.subTitle}>{t("settings.rates.officialTitle")}</h3>
      {rates.official.length === 0 ? (
        <p className={s.small}>{t("settings.rates.noOfficial")}</p>
      ) : (
        <ul className={l.list} data-testid="official-rates">
          {rates.official.map((rate) => (
            <li key={rate.currency} className={l.listRow}>
              <span className={l.grow}>
                <strong>{rate.currency}</strong> · {t("settings.rates.officialRow", { buy: rate.buy, sell: rate.sell })}
              </span>
              <span className={s.small}>{t("settings.rates.officialDay", { date: day(rate.day) })}</span>
            </li>
          ))}
        </ul>
      )}

      <hr className={s.divider} />
      <h3 className={s.subTitle}>{t("settings.rates.ownTitle")}</h3>
      <p className={s.small}>{t("settings.rates.ownHint")}</p>
      <FormAlert message={formErrorOf(removed, t)} />
      {rates.own.length === 0 ? (
        <p className={s.small} data-testid="own-rates-empty">
          {t("settings.rates.noOwn")}
        </p>
      ) : (
        <ul className={l.list} data-testid="own-rates">
          {rates.own.map((rate) => (
            <OwnRate key={rate.id} rate={rate} day={day} />
          ))}
        </ul>
      )}

      <Form ref={addFormRef} method="post" className={ui.stack} noValidate onSubmit={focusWhenAdded(addForm.onSubmit)} onFocus={addForm.onFocus} aria-labelledby="rate-new-title">
        <input type="hidden" name="intent" value="rate-add" />
        <h4 id="rate-new-title" className={s.subTitle}>
          {t("settings.rates.add")}
        </h4>
        <FormAlert message={formErrorOf(added, t)} />
        <div className={s.categoryFields}>
          <SelectField id="rate-new-currency" label={t("settings.rates.currency")} name="currency" defaultValue={added?.values?.currency ?? "USD"} error={addForm.errors.currency} options={options(pairCurrencies)} />
          <SelectField id="rate-new-quote" label={t("settings.rates.quote")} name="quote" defaultValue={added?.values?.quote ?? "PEN"} error={addForm.errors.quote} options={options(pairCurrencies)} />
          <Field id="rate-new-rate" label={t("settings.rates.rate")} name="rate" inputMode="decimal" autoComplete="off" required hint={t("settings.rates.rateHint")} defaultValue={added?.values?.rate} error={addForm.errors.rate} autoFocus={Boolean(added?.errors.rate)} />
          <Field id="rate-new-from" label={t("settings.rates.from")} name="from" type="date" required defaultValue={added?.values?.from ?? today} error={addForm.errors.from} />
          <Field id="rate-new-to" label={t("settings.rates.to")} name="to" type="date" defaultValue={added?.values?.to} error={addForm.errors.to} />
          <Field id="rate-new-note" label={t("settings.rates.note")} name="note" maxLength={RATE_NOTE_MAX} autoComplete="off" defaultValue={added?.values?.note} error={addForm.errors.note} />
        </div>
        <div>
          <button type="submit" className={ui.button.primary} disabled={settingsAnswer.busy("rate-add")}>
            {t("settings.rates.add")}
          </button>
        </div>
      </Form>
    </section>
  );
}

function OwnRate({ rate, day }: { rate: UserRateOut; day: (iso: string) => string }) {
  const { t } = useTranslation();
  const range = rate.to ? t("settings.rates.range", { from: day(rate.from), to: day(rate.to) }) : t("settings.rates.openRange", { from: day(rate.from) });
  return (
    <li className={l.listRow} data-testid="own-rate">
      <span className={s.categoryName}>
        <strong>{t("settings.rates.ownRow", { currency: rate.currency, rate: rate.rate, quote: rate.quote })}</strong>
        <span className={s.small}>
          {" "}
          · {range}
          {rate.note ? ` · ${rate.note}` : ""}
        </span>
      </span>
      <Form method="post">
        <input type="hidden" name="intent" value="rate-delete" />
        <input type="hidden" name="rateId" value={rate.id} />
        <button type="submit" className={ui.button.ghost} aria-label={t("settings.rates.removeLabel", { rate: rate.rate, from: day(rate.from) })}>
          {t("settings.rates.remove")}
        </button>
      </Form>
    </li>
  );
}
