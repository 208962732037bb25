import { createContext } from "react-router";

/** The floor app Worker's bindings: the API Worker, reached by service binding as Tesoro's is. */
export interface FloorEnv {
  API: Fetcher;
}

/** The Worker's env, handed to loaders through React Router's context (as app/server/context.server.ts does in Tesoro). */
export const envContext = createContext<FloorEnv>();
