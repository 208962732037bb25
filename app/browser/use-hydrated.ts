import { useSyncExternalStore } from "react";

const noSubscription = () => () => undefined;

/** False on the server and while hydrating, true once the page runs in the browser: for controls that only work with JavaScript. */
export function useHydrated(): boolean {
  return useSyncExternalStore(noSubscription, () => true, () => false);
}
