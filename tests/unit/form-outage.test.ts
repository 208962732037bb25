import { UNSAFE_ErrorResponseImpl as ErrorResponse } from "react-router";
import { describe, expect, it } from "vitest";
import { answerFor, formErrorOf, formNameOf, refusedAnswer } from "../../app/forms/form-answer";
import { keepFormThroughOutage } from "../../app/forms/form-outage";
import { settingsFormOf } from "../../app/routes/settings/intents";
import { es } from "../../core/i18n/locales/es";
import { createTranslate } from "./i18n-helpers";

/** What React Router hands a clientAction: the submission, and the call of the server action. */
function submission(fields: Record<string, string>) {
  const body = new FormData();
  for (const [key, value] of Object.entries(fields)) body.set(key, value);
  return new Request("http://localhost/accounts", { method: "POST", body });
}

const transactionsForm = formNameOf("transactionId", ["update", "delete"], { "import-upload": "import", "import-preview": "import", "import-commit": "import" });
const accountsForm = formNameOf("accountId", ["update", "archive"], { unarchive: "archive" });

const t = createTranslate("es", es);

describe("keepFormThroughOutage", () => {
  it("answers an outage (5xx, or the app unreachable) with a 503 failure marked `outage` for the submitted form, echoing what was typed but never the key", async () => {
    for (const error of [new ErrorResponse(503, "Service Unavailable", null), new ErrorResponse(500, "", null), new TypeError("Failed to fetch")]) {
      const request = submission({ intent: "update", transactionId: "t-1", description: "Wong", amount: "-12.50", idempotencyKey: "n.update:t-1", returnTo: "/x" });
      // Like React Router's, the server action sends (and so uses up) the request's own body first.
      const answer = (await keepFormThroughOutage(request, () => request.arrayBuffer().then(() => Promise.reject(error)), transactionsForm)) as { data: unknown; init: ResponseInit };
      expect(answer.init.status).toBe(503);
      expect(answer.data).toEqual({
        form: "update:t-1",
        ok: false,
        errors: {},
        formError: null,
        outage: true,
        values: { transactionId: "t-1", description: "Wong", amount: "-12.50" },
      });
    }
  });

  it("is worded in the page's language by the form that shows it; other failures keep the API's words", () => {
    expect(formErrorOf({ ok: false, formError: null, outage: true }, t)).toBe(es.errors.apiUnavailable);
    expect(formErrorOf({ ok: false, formError: "Nombre en uso." }, t)).toBe("Nombre en uso.");
    expect(formErrorOf({ ok: false, formError: null }, t)).toBeNull();
    expect(formErrorOf(undefined, t)).toBeNull();
  });

  it("never echoes a password or where to go next (sign-in, sign-up, settings)", async () => {
    const request = submission({ email: "rosa@example.com", password: "correct-horse-battery", currentPassword: "old-one", newPassword: "new-one", redirectTo: "/accounts", name: "Rosa" });
    const answer = (await keepFormThroughOutage(request, () => Promise.reject(new TypeError("Failed to fetch")), () => "login")) as { data: { values: Record<string, string> } };
    expect(answer.data.values).toEqual({ email: "rosa@example.com", name: "Rosa" });
  });

  it("reads the message of failures shaped by the public forms (no `ok`), and the form of settings' answers, refused or met as an outage", async () => {
    const refused = { errors: {}, formError: "Correo o contraseña incorrectos.", values: { email: "rosa@example.com" } };
    const outage = { form: "login", ok: false, errors: {}, formError: null, outage: true as const, values: {} };
    expect(formErrorOf(refused, t)).toBe("Correo o contraseña incorrectos.");
    expect(formErrorOf(outage, t)).toBe(es.errors.apiUnavailable);
    expect(formErrorOf(null, t)).toBeNull();
    // Settings' refusals and outages now both name their form `form` (before: `intent` and `form`, read by `intentOf`).
    const nameRefused = submission({ intent: "name", name: "" });
    expect(refusedAnswer(settingsFormOf(await nameRefused.formData()), { name: "x" }, {}).data.form).toBe("name");
    const passwordOutage = submission({ intent: "password", currentPassword: "a", newPassword: "b" });
    const answer = (await keepFormThroughOutage(passwordOutage, () => Promise.reject(new TypeError("Failed to fetch")), settingsFormOf)) as { data: { form: string } };
    expect(answer.data.form).toBe("password");
    expect(answerFor("name", undefined, undefined)).toBeUndefined();
  });

  it("passes every other answer and error through untouched", async () => {
    const ok = { form: "add", ok: true };
    expect(await keepFormThroughOutage(submission({ intent: "add" }), () => Promise.resolve(ok), transactionsForm)).toBe(ok);
    const notFound = new ErrorResponse(404, "Not Found", null);
    await expect(keepFormThroughOutage(submission({ intent: "add" }), () => Promise.reject(notFound), transactionsForm)).rejects.toBe(notFound);
    const bug = new RangeError("a bug, not an outage");
    await expect(keepFormThroughOutage(submission({ intent: "add" }), () => Promise.reject(bug), transactionsForm)).rejects.toBe(bug);
  });

  it("names the form the page reads the failure from, as each action does", () => {
    const form = (fields: Record<string, string>, of: (formData: FormData) => string) => {
      const data = new FormData();
      for (const [key, value] of Object.entries(fields)) data.set(key, value);
      return of(data);
    };
    expect(form({ intent: "add" }, transactionsForm)).toBe("add");
    expect(form({ intent: "transfer" }, transactionsForm)).toBe("transfer");
    expect(form({ intent: "delete", transactionId: "t-9" }, transactionsForm)).toBe("delete:t-9");
    expect(form({ intent: "import-commit" }, transactionsForm)).toBe("import");
    expect(form({ intent: "create" }, accountsForm)).toBe("create");
    expect(form({ intent: "update", accountId: "a-1" }, accountsForm)).toBe("update:a-1");
    expect(form({ intent: "unarchive", accountId: "a-1" }, accountsForm)).toBe("archive:a-1");
  });
});
