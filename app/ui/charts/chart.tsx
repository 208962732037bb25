/**
 * A chart drawn on the server (the *.server.ts builders here) placed in the page as markup, and
 * its key. The markup comes from the loader, never from user input unescaped (svg.server.ts).
 */
import * as css from "./chart.css";

export function Chart({ svg }: { svg: string }) {
  return <div className={css.frame} dangerouslySetInnerHTML={{ __html: svg }} />;
}

/** The chart's key: each series' colour and name, as HTML (wraps on a phone, unlike SVG text). */
export function Legend({ items }: { items: Array<{ name: string; color: string }> }) {
  return (
    <ul className={css.legend}>
      {items.map((item) => (
        <li key={item.name} className={css.legendItem}>
          <span className={css.swatch} style={{ background: item.color }} aria-hidden="true" />
          {item.name}
        </li>
      ))}
    </ul>
  );
}
