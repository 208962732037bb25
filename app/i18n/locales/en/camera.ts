/** English strings of the camera feature; es/camera.ts must have the same keys (checked by the type checker). */
export const camera = {
  placeholder: "",
};
