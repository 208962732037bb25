/**
 * QR decoding in the browser, loaded only by /camera (dynamic import), so neither the decoder nor
 * its WebAssembly is in the first-visit bundle of any other page.
 *
 * The browser's own BarcodeDetector is used where it exists and reads QR codes (Android, macOS,
 * ChromeOS); elsewhere the barcode-detector ponyfill (ZXing-C++ compiled to WebAssembly). Its
 * .wasm is bundled by Vite as an asset of our own origin and handed over through `locateFile`:
 * the default would fetch it from a CDN, which the CSP and the product's rules forbid.
 */
import { BarcodeDetector as ZXingBarcodeDetector, prepareZXingModule } from "barcode-detector/ponyfill";
import wasmUrl from "zxing-wasm/reader/zxing_reader.wasm?url";

export interface QrDetector {
  /** Every QR text found in the image (usually zero or one). */
  detect(source: ImageBitmapSource | HTMLVideoElement): Promise<string[]>;
  engine: "native" | "zxing-wasm";
}

interface NativeDetector {
  detect(source: unknown): Promise<Array<{ rawValue: string }>>;
}
type NativeDetectorClass = { new (options: { formats: string[] }): NativeDetector; getSupportedFormats(): Promise<string[]> };

let pending: Promise<QrDetector> | null = null;

async function nativeDetector(): Promise<QrDetector | null> {
  const Native = (globalThis as { BarcodeDetector?: NativeDetectorClass }).BarcodeDetector;
  if (!Native) return null;
  try {
    if (!(await Native.getSupportedFormats()).includes("qr_code")) return null;
    const detector = new Native({ formats: ["qr_code"] });
    return { engine: "native", detect: async (source) => (await detector.detect(source)).map((code) => code.rawValue) };
  } catch {
    return null;
  }
}

async function wasmDetector(): Promise<QrDetector> {
  await prepareZXingModule({
    overrides: { locateFile: (path: string, prefix: string) => (path.endsWith(".wasm") ? new URL(wasmUrl, location.href).href : prefix + path) },
    fireImmediately: true,
  });
  const detector = new ZXingBarcodeDetector({ formats: ["qr_code"] });
  return { engine: "zxing-wasm", detect: async (source) => (await detector.detect(source as ImageBitmapSource)).map((code) => code.rawValue) };
}

/** One detector per page load; the WebAssembly is compiled once. */
export function getQrDetector(): Promise<QrDetector> {
  pending ??= (async () => (await nativeDetector()) ?? wasmDetector())().catch((error: unknown) => {
    pending = null;
    throw error;
  });
  return pending;
}
