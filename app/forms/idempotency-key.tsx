/**
 * The one way a form's post gets its Idempotency-Key (ADR 048). A post that the API may not
 * repeat (a create, a change, a delete) carries a key, so a double click, a retried POST or a
 * re-sent page is answered from the API's record instead of posting twice:
 *
 * - a page with forms renders a nonce per load (`newIdempotencyKey`), and each form instance
 *   carries `<FormKey nonce form>`: the same rendered form sent twice sends the same key, and every
 *   save reloads the data and so renders fresh keys;
 * - a form built in the browser (the camera's create) makes one key per attempt with
 *   `newIdempotencyKey` and keeps it until that attempt is saved;
 * - the action reads it with `idempotencyKeyOf`: a post without one (a script, or a form that
 *   renders none yet, as settings') gets a fresh key, which still covers the API client's retry;
 * - one form that serves many rows (the table's delete) makes its key the row's own (`keyFor`).
 */
import { OPAQUE_TOKEN_PATTERN } from "../../core/ids";

const IDEMPOTENCY_KEY_FIELD = "idempotencyKey";

/** A fresh key (a page's nonce, a browser-made form's key, a call no form stands for). */
export function newIdempotencyKey(): string {
  return crypto.randomUUID();
}

/** The key of one form instance: the page's nonce plus the form's name. */
export function formKey(nonce: string, form: string): string {
  return `${nonce}.${form}`;
}

/** The hidden field that carries one form instance's key (`formKey`). */
export function FormKey({ nonce, form }: { nonce: string; form: string }) {
  return <input type="hidden" name={IDEMPOTENCY_KEY_FIELD} value={formKey(nonce, form)} />;
}

/** The key a post carried, if well-formed; else a fresh one. */
export function idempotencyKeyOf(formData: FormData): string {
  const value = formData.get(IDEMPOTENCY_KEY_FIELD);
  return typeof value === "string" && OPAQUE_TOKEN_PATTERN.test(value) ? value : newIdempotencyKey();
}

/** A form's key made the own of one row (`part`), within the API's 200 characters. */
export function keyFor(key: string, part: string): string {
  return `${key.slice(0, 160)}.${part}`;
}
