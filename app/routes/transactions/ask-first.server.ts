import { redirect } from "react-router";

/**
 * The list at `back` asking its question about `id` (`param` names which), for a post that no page
 * has asked yet (without JavaScript); the fragment scrolls the page to the question.
 */
export function askFirst(back: string, param: "confirmDelete" | "confirmUndoImport", id: string, question: string) {
  const ask = new URL(back, "http://list.invalid");
  ask.searchParams.set(param, id);
  return redirect(`${ask.pathname}${ask.search}#${question}`);
}
