/** English strings of the ledger feature; es/ledger.ts must have the same keys (checked by the type checker). */
export const ledger = {
  placeholder: "",
};
