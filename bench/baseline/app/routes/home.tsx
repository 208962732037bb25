/** The floor: one server-rendered page with a loader and no data access. */
export function meta() {
  return [{ title: "Baseline" }, { name: "description", content: "A bare React Router 8 page on a Worker." }];
}

export function loader() {
  return { greeting: "Hello from a bare React Router 8 Worker", renderedAt: new Date().toISOString() };
}

export default function Home({ loaderData }: { loaderData: { greeting: string; renderedAt: string } }) {
  return (
    <main>
      <h1>{loaderData.greeting}</h1>
      <p>Rendered at {loaderData.renderedAt}.</p>
      <ul>
        <li>One route</li>
        <li>No styles, no i18n, no session</li>
        <li>createRequestHandler from react-router</li>
      </ul>
    </main>
  );
}
