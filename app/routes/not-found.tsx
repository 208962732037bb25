import { data } from "react-router";
import type { Route } from "./+types/not-found";

/** The seed: an unmatched path is a non-fatal 404, "Page not found: {path}". */
function notFound(request: Request): never {
  throw data({ messageKey: "errors.unmatched", path: new URL(request.url).pathname }, { status: 404 });
}

export function loader({ request }: Route.LoaderArgs) {
  notFound(request);
}

export function action({ request }: Route.ActionArgs) {
  notFound(request);
}

export default function NotFound() {
  return null;
}
