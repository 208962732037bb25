/**
 * Settings → Categories: add, edit (name, kind, colour) and delete the user's categories. Plain
 * forms posted to the settings action (intents `category-add`, `category-edit`,
 * `category-delete`), so they work without JavaScript; with it, a delete asks first. A refusal
 * (a name the user already has) shows beside the field of the form that was sent, with what was
 * typed.
 */
import { Form } from "react-router";
import { useFocusAfterSave } from "../../forms/focus-after-save";
import { useTranslation } from "../../i18n/use-translation";
import { TEXT_LIMITS } from "../../../core/input-limits";
import { parseForm, useClientValidation } from "../../forms/forms";
import { formErrorOf, refusedAnswer, type FormAnswer } from "../../forms/form-answer";
import { SelectField } from "../../forms/fields";
import type { Category } from "../../../core/api-types/ledger";
import type { ApiResult } from "../../utils/api-client";
import { CATEGORY_KINDS, DEFAULT_CATEGORY_COLOR } from "../../../core/ledger-values";
import { categoryOf, type IntentHandler } from "./intents";
import { useResetWhenSaved } from "./use-reset-when-saved";
import type { SettingsAnswer } from "./use-settings-answer";
import * as l from "../../styles/ledger.css";
import * as s from "../../styles/settings.css";
import * as ui from "../../styles/ui.css";
import { Field, FormAlert } from "../../ui/ui";

// The forms' schemas, for their actions and their checks in the browser: imported when needed, so
// that zod comes to the browser when a form is first focused or sent, not with the page (ADR 078).
const loadCreateSchema = () => import("../../../core/schemas/ledger").then((m) => m.categoryCreateSchema);
const loadUpdateSchema = () => import("../../../core/schemas/ledger").then((m) => m.categoryUpdateSchema);

export const categoryAddAction: IntentHandler = async ({ formData, t, api, key, invalid, failure, done }) => {
  const parsed = parseForm(await loadCreateSchema(), formData, t);
  if (!parsed.ok) return invalid("category-add", parsed.errors);
  const result = await api.post("/categories", { body: parsed.data, idempotencyKey: key });
  return result.ok ? done("settings.saved.categoryAdded", undefined, "/settings#categories") : failure("category-add", result);
};

/** `category-edit` and `category-delete`: one category's own forms. */
export function categoryChangeAction(intent: "category-edit" | "category-delete"): IntentHandler {
  return async ({ formData, t, api, key, invalid, failure, done }) => {
    const id = categoryOf(formData).categoryId;
    if (!id) throw new Response("Unknown category", { status: 400 });
    let result: ApiResult<unknown>;
    if (intent === "category-edit") {
      const parsed = parseForm(await loadUpdateSchema(), formData, t);
      if (!parsed.ok) return invalid(intent, parsed.errors);
      result = await api.patch(`/categories/${id}`, { body: parsed.data, idempotencyKey: key });
    } else result = await api.delete(`/categories/${id}`, { idempotencyKey: key });
    // Deleted already (another tab) is what a delete wanted; an edit says so.
    if (!result.ok && result.status === 404 && intent === "category-delete") return done("settings.saved.categoryDeleted", undefined, "/settings#categories");
    if (!result.ok && result.status === 404) return refusedAnswer(`${intent}:${id}`, {}, {}, t("settings.categories.gone"), 404);
    return result.ok ? done(intent === "category-edit" ? "settings.saved.categorySaved" : "settings.saved.categoryDeleted", undefined, "/settings#categories") : failure(intent, result);
  };
}

/**
 * The action's answer (a refusal, or an outage met with JavaScript) is read by the form it names
 * (intents.ts settingsFormOf): `category-add`, or one category's `category-edit:<id>` and
 * `category-delete:<id>`, so the message shows beside that form and an open edit keeps what was typed.
 */
export function SettingsCategories({ categories, actionData, settingsAnswer }: { categories: Category[]; actionData: FormAnswer | undefined; settingsAnswer: SettingsAnswer }) {
  const { t } = useTranslation();
  const addFormRef = useResetWhenSaved("category-add", settingsAnswer.answered);
  const added = actionData?.form === "category-add" ? actionData : undefined;
  const addForm = useClientValidation(loadCreateSchema, t, added?.errors);
  // After a save the page is drawn again: focus goes on from where the keyboard was, not the top of the page.
  const focusWhenAdded = useFocusAfterSave("#category-new-name", added);
  const kinds = CATEGORY_KINDS.map((kind) => ({ value: kind, label: t(`ledger.categoryKinds.${kind}`) }));
  return (
    <section id="categories" aria-labelledby="categories-title" className={`${ui.card} ${s.section}`}>
      <h2 id="categories-title" className={s.sectionTitle} tabIndex={-1}>
        {t("settings.categories.title")}
      </h2>
      <p className={s.small}>{t("settings.categories.intro")}</p>
      <ul className={l.list} data-testid="categories">
        {categories.map((category) => (
          // Keyed by what it shows: saved, its edit form closes and starts again from the saved values.
          <CategoryItem key={`${category.id}:${category.name}:${category.kind}:${category.color}`} category={category} answer={actionData?.form === `category-edit:${category.id}` || actionData?.form === `category-delete:${category.id}` ? actionData : undefined} kinds={kinds} />
        ))}
      </ul>
      {/* Emptied once saved (addFormRef), ready for the next, with focus on its first field. */}
      <Form ref={addFormRef} method="post" className={ui.stack} noValidate onSubmit={focusWhenAdded(addForm.onSubmit)} onFocus={addForm.onFocus} aria-labelledby="category-new-title">
        <input type="hidden" name="intent" value="category-add" />
        <h3 id="category-new-title" className={s.subTitle}>
          {t("settings.categories.newTitle")}
        </h3>
        <FormAlert message={formErrorOf(added, t)} />
        <div className={s.categoryFields}>
          <Field id="category-new-name" label={t("settings.categories.name")} name="name" required maxLength={TEXT_LIMITS.categoryName} autoComplete="off" defaultValue={added?.values?.name} error={addForm.errors.name} autoFocus={Boolean(added?.errors.name)} />
          <SelectField id="category-new-kind" label={t("settings.categories.kind")} name="kind" defaultValue={added?.values?.kind ?? "expense"} error={addForm.errors.kind} options={kinds} />
          <Field id="category-new-color" label={t("settings.categories.color")} name="color" type="color" defaultValue={added?.values?.color ?? DEFAULT_CATEGORY_COLOR} error={addForm.errors.color} />
        </div>
        <div>
          <button type="submit" className={ui.button.primary} disabled={settingsAnswer.busy("category-add")}>
            {t("settings.categories.add")}
          </button>
        </div>
      </Form>
    </section>
  );
}

function CategoryItem({ category, answer, kinds }: { category: Category; answer: FormAnswer | undefined; kinds: Array<{ value: string; label: string }> }) {
  const { t } = useTranslation();
  const edited = answer?.form.startsWith("category-edit:") ? answer : undefined;
  const editForm = useClientValidation(loadUpdateSchema, t, edited?.errors);
  const focusWhenSaved = useFocusAfterSave("#categories-title", answer);
  const prefix = `category-${category.id}`;
  return (
    <li className={l.listRow} data-testid="category">
      <span className={s.categoryName}>
        <span className={l.categoryDot} style={{ background: category.color }} aria-hidden="true" />
        {category.name}
        <span className={s.small}> · {t(`ledger.categoryKinds.${category.kind}`)}</span>
      </span>
      {answer?.form.startsWith("category-delete:") ? <FormAlert message={formErrorOf(answer, t)} /> : null}
      <div className={s.categoryActions}>
      {/* Open again after a refusal, so the message is seen beside what was typed. */}
      <details className={s.categoryEdit} open={edited ? true : undefined}>
        <summary className={ui.button.ghost} aria-label={t("settings.categories.editLabel", { name: category.name })}>
          {t("settings.categories.edit")}
        </summary>
        <Form method="post" className={ui.stack} noValidate onSubmit={focusWhenSaved(editForm.onSubmit)} onFocus={editForm.onFocus} aria-label={t("settings.categories.editLabel", { name: category.name })}>
          <input type="hidden" name="intent" value="category-edit" />
          <input type="hidden" name="categoryId" value={category.id} />
          <FormAlert message={formErrorOf(edited, t)} />
          <div className={s.categoryFields}>
            <Field id={`${prefix}-name`} label={t("settings.categories.name")} name="name" required maxLength={TEXT_LIMITS.categoryName} autoComplete="off" defaultValue={edited?.values?.name ?? category.name} error={editForm.errors.name} autoFocus={Boolean(edited?.errors.name)} />
            <SelectField id={`${prefix}-kind`} label={t("settings.categories.kind")} name="kind" defaultValue={edited?.values?.kind ?? category.kind} error={editForm.errors.kind} options={kinds} />
            <Field id={`${prefix}-color`} label={t("settings.categories.color")} name="color" type="color" defaultValue={edited?.values?.color ?? category.color} error={editForm.errors.color} />
          </div>
          <div className={ui.row}>
            <button type="submit" className={ui.button.primary}>
              {t("settings.categories.save")}
            </button>
          </div>
        </Form>
      </details>
      <Form
        method="post"
        onSubmit={focusWhenSaved((event) => {
          if (!window.confirm(t("settings.categories.confirmDelete", { name: category.name }))) event.preventDefault();
        })}
      >
        <input type="hidden" name="intent" value="category-delete" />
        <input type="hidden" name="categoryId" value={category.id} />
        <button type="submit" className={ui.button.ghost} aria-label={t("settings.categories.deleteLabel", { name: category.name })}>
          {t("settings.categories.delete")}
        </button>
      </Form>
      </div>
    </li>
  );
}
