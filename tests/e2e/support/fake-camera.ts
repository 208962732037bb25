/**
 * A fake camera for Chromium: a .y4m video (raw YUV 4:2:0 frames) that shows a QR code, made
 * here from a text, so no binary is committed. Chromium plays it in a loop as the camera when
 * started with --use-fake-device-for-media-stream --use-file-for-fake-video-capture=<file>.
 */
import { createHash } from "node:crypto";
import { existsSync, mkdirSync, renameSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import QRCode from "qrcode";
import { buildEmvQr } from "../../../core/emvco";

/** A Peruvian dynamic merchant QR: BODEGA DOÑA ROSA, Lima, S/ 25.50. */
export const PERU_QR_TEXT = buildEmvQr([
  ["00", "01"],
  ["01", "12"],
  ["26", "0017pe.com.example.qr0110AB12345678"],
  ["52", "5812"],
  ["53", "604"],
  ["54", "25.50"],
  ["58", "PE"],
  ["59", "BODEGA DOÑA ROSA"],
  ["60", "LIMA"],
]);

/** Grey-scale pixels (0 black, 255 white) of a QR code centred on a white frame. */
export function qrPixels(text: string, width: number, height: number): Uint8Array {
  const qr = QRCode.create(text, { errorCorrectionLevel: "M" });
  const size = qr.modules.size;
  const quiet = 4;
  const scale = Math.floor((Math.min(width, height) * 0.8) / (size + quiet * 2));
  const side = (size + quiet * 2) * scale;
  const left = Math.floor((width - side) / 2);
  const top = Math.floor((height - side) / 2);
  const pixels = new Uint8Array(width * height).fill(235);
  for (let y = 0; y < side; y++) {
    for (let x = 0; x < side; x++) {
      const mx = Math.floor(x / scale) - quiet;
      const my = Math.floor(y / scale) - quiet;
      const dark = mx >= 0 && my >= 0 && mx < size && my < size && qr.modules.get(my, mx) === 1;
      pixels[(top + y) * width + left + x] = dark ? 16 : 255;
    }
  }
  return pixels;
}

/**
 * Writes a short looping .y4m of the QR code and returns its path. The name comes from the
 * content, so every Playwright process (each loads the spec) shares one file; it is written to a
 * temporary name and renamed, so a browser never reads half a file.
 */
export function writeQrVideo(text: string, name: string, { width = 640, height = 480, frames = 10 } = {}): string {
  const dir = path.join(os.tmpdir(), "tesoro-e2e");
  mkdirSync(dir, { recursive: true });
  const hash = createHash("sha256").update(`${text}|${width}x${height}x${frames}`).digest("hex").slice(0, 16);
  const file = path.join(dir, `${name}-${hash}.y4m`);
  if (existsSync(file)) return file;
  const luma = qrPixels(text, width, height);
  const chroma = new Uint8Array((width / 2) * (height / 2)).fill(128);
  const header = Buffer.from(`YUV4MPEG2 W${width} H${height} F10:1 Ip A1:1 C420jpeg\n`);
  const frame = Buffer.concat([Buffer.from("FRAME\n"), luma, chroma, chroma]);
  const partial = `${file}.${process.pid}.tmp`;
  writeFileSync(partial, Buffer.concat([header, ...Array.from({ length: frames }, () => frame)]));
  renameSync(partial, file);
  return file;
}

/** The same QR code as a PNG, for the file-picker fallback. */
export async function qrPng(text: string): Promise<Buffer> {
  return QRCode.toBuffer(text, { errorCorrectionLevel: "M", margin: 4, scale: 8 });
}
