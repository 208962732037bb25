/**
 * "No, keep it" of a question asked in a disclosure (a budget's delete, an account's archive): closes
 * the disclosure it stands in and puts focus back on its summary. It needs JavaScript; each caller
 * says what stands in without (a link, or the summary itself).
 */
import type { ReactNode } from "react";
import * as ui from "../styles/ui.css";

export function CloseQuestionButton({ children }: { children: ReactNode }) {
  return (
    <button
      type="button"
      className={ui.button.ghost}
      onClick={(event) => {
        const details = event.currentTarget.closest("details");
        if (!details) return;
        details.open = false;
        details.querySelector("summary")?.focus();
      }}
    >
      {children}
    </button>
  );
}
