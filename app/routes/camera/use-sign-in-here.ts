import { useLocation } from "react-router";
import { signInFor } from "../../utils/page-address";

/** The sign-in page, coming back to this address (with the transaction a photo is for). */
export function useSignInHere(): string {
  const { pathname, search } = useLocation();
  return signInFor(pathname, search);
}
