/**
 * The texts of the camera page, in both languages, as i18next namespaces: handed to `addPageTexts`
 * by the route module that shows them, so the browser downloads them with that page's code (ADR
 * 033, 042). One module per page, so that each page's chunk carries its own texts only (ADR 074).
 */
import enCamera from "../locales/en/camera.json";
import esCamera from "../locales/es/camera.json";

export const cameraTexts = { en: { camera: enCamera }, es: { camera: esCamera } } as const;
