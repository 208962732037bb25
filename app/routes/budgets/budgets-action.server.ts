/** The budgets page's posts: create, edit or delete a budget, and set its amounts per category. */
import type { RouterContextProvider } from "react-router";
import type { Budget } from "../../../core/api-types/budgets";
import { ID_PATTERN } from "../../../core/ids";
import { refusedAnswer } from "../../forms/form-answer";
import { formValues, parseForm } from "../../forms/forms";
import { idempotencyKeyOf } from "../../forms/idempotency-key";
import { apiFor } from "../../server/api.server";
import { apiFailure, formId } from "../../server/ledger.server";
import { readFormData, refusal, tOf } from "../../server/route-helpers.server";
import { requireUser } from "../../server/session.server";
import { replaceWithToast } from "../../server/toast.server";
import { budgetPage } from "./budget-address";
import { createForm, linesBody, linesForm, rowsOf, updateForm } from "./budget-form-schemas";


export async function budgetsAction(request: Request, context: Readonly<RouterContextProvider>) {
  requireUser(context);
  const formData = await readFormData(request);
  const t = tOf(context);
  const intent = String(formData.get("intent") ?? "");
  const values = formValues(formData);
  const api = apiFor(request, context);
  const idempotencyKey = idempotencyKeyOf(formData);
  switch (intent) {
    case "create": {
      const parsed = parseForm(createForm, formData, t);
      if (!parsed.ok) return refusedAnswer("create", parsed.errors, values);
      const result = await api.post<{ budget: Budget }>("/budgets", { body: parsed.data, idempotencyKey });
      if (!result.ok) return apiFailure("create", result, values, t);
      return replaceWithToast(budgetPage(result.data.budget.id), "budgetsPage.toast.created");
    }
    case "update": {
      const id = formId(formData, "budgetId");
      const parsed = parseForm(updateForm, formData, t);
      if (!parsed.ok) return refusedAnswer(`update:${id}`, parsed.errors, values);
      const result = await api.patch<{ budget: Budget }>(`/budgets/${id}`, { body: parsed.data, idempotencyKey });
      if (!result.ok) return apiFailure(`update:${id}`, result, values, t);
      return replaceWithToast(budgetPage(id), "budgetsPage.toast.updated");
    }
    case "delete": {
      const id = formId(formData, "budgetId");
      // Only the question's "yes" deletes (DeleteBudget): a bare post changes nothing.
      if (formData.get("confirmed") !== "yes") return refusedAnswer(`delete:${id}`, {}, values, t("budgetsPage.deleteUnconfirmed"));
      const result = await api.delete(`/budgets/${id}`, { idempotencyKey });
      if (!result.ok) return apiFailure(`delete:${id}`, result, values, t);
      return replaceWithToast("/budgets", "budgetsPage.toast.deleted");
    }
    case "lines": {
      const id = formId(formData, "budgetId");
      const parsed = parseForm(linesForm, formData, t);
      if (!parsed.ok) return refusedAnswer(`lines:${id}`, parsed.errors, values);
      const { body, rowOf } = linesBody(rowsOf(values), String(values.currency ?? ""));
      const result = await api.put<{ budget: Budget }>(`/budgets/${id}/lines`, { body, idempotencyKey });
      if (!result.ok) {
        // The API numbers the lines it was sent; the form numbers every category's row.
        const { errors, formError } = refusal(result, t);
        const renamed = Object.fromEntries(Object.entries(errors).map(([field, message]) => [field.replace(/^lines\.(\d+)\./, (_, i: string) => `lines.${rowOf[Number(i)] ?? i}.`), message]));
        return refusedAnswer(`lines:${id}`, renamed, values, formError, result.status);
      }
      return replaceWithToast(budgetPage(id), "budgetsPage.toast.linesSaved");
    }
    default:
      throw new Response("Unknown intent", { status: 400 });
  }
}

/** `?budget=` when it is an id; the page then shows that budget if it is the user's. */
export function chosenBudget(param: string | null): string | null {
  return param && ID_PATTERN.test(param) ? param : null;
}
