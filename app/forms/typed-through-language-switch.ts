import { useEffect } from "react";
import { isPasswordField } from "./form-echo";

/**
 * What was typed survives the language switch. The switch loads the page again, whole, in the
 * other language (ADR 008: a page holds one language's strings), and a loaded page starts with
 * empty forms: someone half-way through signing up, or adding a transaction, lost what they had
 * typed (QA, session 14). Just before the switch posts, the fields the user changed are kept in
 * the tab's sessionStorage; the page it lands on puts them back, once, if it is the same address
 * and within a short time, into fields the user has not touched since. Passwords, files and
 * hidden fields are never kept (the same rule as the forms' echo, lib/form-echo.ts).
 */
const STORAGE_KEY = "tesoro.typedThroughLanguageSwitch";
/** Long enough for a slow page load; short enough that an old draft never turns up later. */
const KEPT_FOR_MS = 60_000;

interface KeptField {
  form: number;
  name: string;
  value: string | boolean;
}

interface Kept {
  path: string;
  at: number;
  fields: KeptField[];
}

type Control = HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement;

const NEVER_KEPT_TYPES = new Set(["password", "hidden", "file", "submit", "button", "reset", "image"]);

function isKeepable(element: unknown): element is Control {
  if (element instanceof HTMLInputElement) return !NEVER_KEPT_TYPES.has(element.type) && !isPasswordField(element.name);
  return element instanceof HTMLTextAreaElement || element instanceof HTMLSelectElement;
}

function isToggle(control: Control): control is HTMLInputElement {
  return control instanceof HTMLInputElement && (control.type === "checkbox" || control.type === "radio");
}

function selectDefault(select: HTMLSelectElement): string {
  const chosen = [...select.options].find((option) => option.defaultSelected) ?? select.options[0];
  return chosen?.value ?? "";
}

/** Whether the user changed the control since the page drew it. */
function changed(control: Control): boolean {
  if (isToggle(control)) return control.checked !== control.defaultChecked;
  if (control instanceof HTMLSelectElement) return !control.multiple && control.value !== selectDefault(control);
  return control.value !== control.defaultValue;
}

/** Whether the user typed or chose anything in `form` since the page drew it (what a switch would keep). */
export function hasTypedChanges(form: HTMLFormElement): boolean {
  return [...form.elements].some((element) => isKeepable(element) && Boolean(element.name) && changed(element));
}

/** The page's address, the same when the switch posts and on the page it lands on. */
function address(): string {
  return location.pathname + location.search;
}

/** Called by the language switch as it posts. */
export function keepTypedValues(): void {
  const fields: KeptField[] = [];
  [...document.forms].forEach((form, index) => {
    for (const element of form.elements) {
      if (!isKeepable(element) || !element.name || !changed(element)) continue;
      if (isToggle(element)) {
        // A radio group is kept as the value of its checked button.
        if (element.type === "radio" && !element.checked) continue;
        fields.push({ form: index, name: element.name, value: element.type === "radio" ? element.value : element.checked });
      } else fields.push({ form: index, name: element.name, value: element.value });
    }
  });
  try {
    if (fields.length) sessionStorage.setItem(STORAGE_KEY, JSON.stringify({ path: address(), at: Date.now(), fields } satisfies Kept));
    else sessionStorage.removeItem(STORAGE_KEY);
  } catch {
    // Storage full or refused (private modes): the switch still works, without the draft.
  }
}

function readKept(): Kept | null {
  try {
    const text = sessionStorage.getItem(STORAGE_KEY);
    sessionStorage.removeItem(STORAGE_KEY);
    return text ? (JSON.parse(text) as Kept) : null;
  } catch {
    return null;
  }
}

/** The prototype's setter: React tracks values set through the element's own property, and would not report the change. */
function setValue(control: Control, value: string): void {
  const prototype = control instanceof HTMLSelectElement ? HTMLSelectElement.prototype : control instanceof HTMLTextAreaElement ? HTMLTextAreaElement.prototype : HTMLInputElement.prototype;
  Object.getOwnPropertyDescriptor(prototype, "value")?.set?.call(control, value);
}

/** Puts the kept values back, if they were kept on this address a short while ago. */
function restoreTypedValues(): void {
  const kept = readKept();
  const age = kept ? Date.now() - kept.at : -1;
  if (!kept || kept.path !== address() || age < 0 || age > KEPT_FOR_MS || !Array.isArray(kept.fields)) return;
  for (const { form: index, name, value } of kept.fields) {
    const form = document.forms[index];
    if (!form) continue;
    const controls: Control[] = [];
    for (const element of form.elements) if (isKeepable(element) && element.name === name) controls.push(element);
    const first = controls[0];
    // A field the user already typed into on this page keeps what they typed.
    if (!first || controls.some(changed)) continue;
    // As the user's own input: a click toggles (a kept toggle differs from its default), and a
    // value goes through the element's own setter followed by input and change events, so the
    // page's handlers (React's onChange) see it too.
    if (first.type === "radio") {
      const target = controls.find((control) => control.value === value);
      if (!target || !isToggle(target)) continue;
      target.click();
    } else if (isToggle(first)) {
      if (typeof value !== "boolean") continue;
      first.click();
    } else {
      if (typeof value !== "string") continue;
      setValue(first, value);
      // A select that has no such option (a list that changed meanwhile) stays as it was.
      if (first.value !== value) {
        setValue(first, first instanceof HTMLSelectElement ? selectDefault(first) : first.defaultValue);
        continue;
      }
      first.dispatchEvent(new Event("input", { bubbles: true }));
      first.dispatchEvent(new Event("change", { bubbles: true }));
    }
    // A form folded away in a disclosure is opened, so what came back is seen.
    const details = first.closest("details");
    if (details && !details.open) details.open = true;
  }
}

/** In the root: once the page is interactive, what the language switch kept comes back. */
export function useTypedValuesRestored(): void {
  useEffect(restoreTypedValues, []);
}
