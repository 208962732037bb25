/** English strings of the settings feature; es/settings.ts must have the same keys (checked by the type checker). */
export const settings = {
  placeholder: "",
};
