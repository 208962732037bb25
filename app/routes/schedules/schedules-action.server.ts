/**
 * The schedules page's action (ADR 058): a schedule made, changed or deleted; one occurrence
 * posted, skipped, edited or restored; a suggestion accepted (a create with its values) or
 * dismissed. The upcoming lists of other pages post here too, with a `returnTo` of their own
 * address; a save answers with a redirect there, a refusal with the form's answer.
 */
import type { RouterContextProvider } from "react-router";
import { isIsoDay } from "../../../core/dates";
import { occurrenceFormSchema, scheduleFormSchema } from "../../../core/schemas/schedules";
import { refusedAnswer } from "../../forms/form-answer";
import { formValues, parseForm } from "../../forms/forms";
import { idempotencyKeyOf } from "../../forms/idempotency-key";
import { apiFor } from "../../server/api.server";
import { apiFailure, formId } from "../../server/ledger.server";
import { readFormData, tOf } from "../../server/route-helpers.server";
import { requireUser } from "../../server/session.server";
import { replaceWithToast } from "../../server/toast.server";
import { safeRedirect } from "../../utils/safe-redirect";

/** Where a save goes back to: a page of the app named by the form (never another site, `safeRedirect`), else the schedules page; without its open occurrence edit. */
function backTo(formData: FormData): string {
  const back = safeRedirect(formData.get("returnTo"), "/schedules");
  return back.replace(/[?&]occurrence=[^&]*/, "").replace(/\?$/, "") || "/schedules";
}

export async function schedulesAction(request: Request, context: Readonly<RouterContextProvider>) {
  requireUser(context);
  const formData = await readFormData(request);
  const t = tOf(context);
  const intent = String(formData.get("intent") ?? "");
  const values = formValues(formData);
  const api = apiFor(request, context);
  const idempotencyKey = idempotencyKeyOf(formData);
  const back = backTo(formData);
  const occurrencePath = () => {
    const id = formId(formData, "scheduleId");
    const date = String(formData.get("date") ?? "");
    if (!isIsoDay(date)) throw new Response("Not Found", { status: 404 });
    return { form: `${id}:${date}`, path: `/schedules/${id}/occurrences/${date}` };
  };
  switch (intent) {
    case "create":
    case "update": {
      const id = intent === "update" ? formId(formData, "scheduleId") : null;
      const form = id ? `update:${id}` : "create";
      const parsed = parseForm(scheduleFormSchema, formData, t);
      if (!parsed.ok) return refusedAnswer(form, parsed.errors, values);
      const body = { ...parsed.data, estimate: parsed.data.estimate ?? false };
      const result = id
        ? // An edit sends every field: a blank optional one clears it.
          await api.patch(`/schedules/${id}`, { body: { ...body, toAccountId: body.toAccountId ?? null, toAmount: body.toAmount ?? null, end: body.end ?? null, count: body.count ?? null, categoryId: body.categoryId ?? null, payee: body.payee ?? null }, idempotencyKey })
        : await api.post("/schedules", { body, idempotencyKey });
      if (!result.ok) return apiFailure(form, result, values, t);
      return replaceWithToast(id ? "/schedules" : back, id ? "schedulesPage.toast.updated" : "schedulesPage.toast.created");
    }
    case "delete": {
      const id = formId(formData, "scheduleId");
      const result = await api.delete(`/schedules/${id}`, { idempotencyKey });
      if (!result.ok) return apiFailure(`delete:${id}`, result, values, t);
      return replaceWithToast("/schedules", "schedulesPage.toast.deleted");
    }
    case "post":
    case "skip":
    case "restore": {
      const { form, path } = occurrencePath();
      const result = intent === "restore" ? await api.delete(path, { idempotencyKey }) : await api.post(`${path}/${intent}`, { idempotencyKey });
      if (!result.ok) return apiFailure(`${intent}:${form}`, result, values, t);
      return replaceWithToast(back, intent === "post" ? "schedulesPage.toast.posted" : intent === "skip" ? "schedulesPage.toast.skipped" : "schedulesPage.toast.restored");
    }
    case "edit-occurrence": {
      const { form, path } = occurrencePath();
      const parsed = parseForm(occurrenceFormSchema, formData, t);
      if (!parsed.ok) return refusedAnswer(`edit-occurrence:${form}`, parsed.errors, values);
      const result = await api.put(path, { body: parsed.data, idempotencyKey });
      if (!result.ok) return apiFailure(`edit-occurrence:${form}`, result, values, t);
      return replaceWithToast(back, "schedulesPage.toast.occurrenceEdited");
    }
    case "dismiss": {
      const result = await api.post("/schedules/suggestions/dismiss", { body: { key: String(formData.get("key") ?? "") }, idempotencyKey });
      if (!result.ok) return apiFailure("dismiss", result, values, t);
      return replaceWithToast("/schedules", "schedulesPage.toast.dismissed");
    }
    default:
      throw new Response("Unknown intent", { status: 400 });
  }
}
