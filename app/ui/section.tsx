/** A titled card of a page (the overview's sections). */
import type { ReactNode } from "react";
import * as l from "../styles/ledger.css";
import * as ui from "../styles/ui.css";

export function Section({ title, id, children, actions }: { title: string; id: string; children: ReactNode; actions?: ReactNode }) {
  return (
    <section aria-labelledby={id} className={`${ui.card} ${ui.stack}`}>
      <div className={l.headingRow}>
        <h2 id={id} className={l.sectionTitle}>
          {title}
        </h2>
        {actions}
      </div>
      {children}
    </section>
  );
}
