import type { Messages } from "../en";

export const camera: Messages["camera"] = {
  placeholder: "",
};
