import type { Messages } from "../en";

export const ledger: Messages["ledger"] = {
  placeholder: "",
};
