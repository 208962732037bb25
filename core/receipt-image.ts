/**
 * What a receipt photo may be: the API decides by these bytes, never by the client's header, and
 * the camera page checks the same before it sends anything, so a file that would be refused never
 * creates the transaction it was meant for.
 */
import { MAX_RECEIPT_BYTES } from "./input-limits";

export { MAX_RECEIPT_BYTES };

export type ReceiptType = "image/jpeg" | "image/png" | "image/webp" | "image/heic";

/** HEIF brands of still images (HEIC and its HEIF siblings that phones write). */
const HEIF_BRANDS = new Set(["heic", "heix", "heim", "heis", "hevc", "hevx", "mif1", "msf1"]);

function ascii(bytes: Uint8Array, start: number, end: number): string {
  return String.fromCharCode(...bytes.subarray(start, end));
}

/**
 * Why a file cannot be a receipt photo, whatever its size (an i18n key), or null: empty, or not
 * an image by its first bytes. The camera page asks as a file is picked; the action asks again.
 */
export async function receiptFileRefusal(file: Blob): Promise<"camera.errors.emptyFile" | "camera.errors.notAnImage" | null> {
  if (file.size === 0) return "camera.errors.emptyFile";
  // The first 4 KB hold any signature sniffImageType reads (a HEIF ftyp box is far smaller).
  return sniffImageType(new Uint8Array(await file.slice(0, 4096).arrayBuffer())) ? null : "camera.errors.notAnImage";
}

/** The image type by magic bytes: JPEG FF D8 FF, PNG's 8-byte signature, RIFF…WEBP, ISO-BMFF ftyp with a HEIF brand. */
export function sniffImageType(bytes: Uint8Array): ReceiptType | null {
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return "image/jpeg";
  if (bytes.length >= 8 && [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a].every((b, i) => bytes[i] === b)) return "image/png";
  if (bytes.length >= 12 && ascii(bytes, 0, 4) === "RIFF" && ascii(bytes, 8, 12) === "WEBP") return "image/webp";
  if (bytes.length >= 12 && ascii(bytes, 4, 8) === "ftyp") {
    const boxSize = ((bytes[0]! << 24) | (bytes[1]! << 16) | (bytes[2]! << 8) | bytes[3]!) >>> 0;
    const end = Math.min(bytes.length, Math.max(16, boxSize));
    if (HEIF_BRANDS.has(ascii(bytes, 8, 12))) return "image/heic";
    // Compatible brands follow the major brand and its minor version.
    for (let i = 16; i + 4 <= end; i += 4) if (HEIF_BRANDS.has(ascii(bytes, i, i + 4))) return "image/heic";
  }
  return null;
}

/**
 * The most pixels a receipt photo may have: 40 megapixels, more than any phone's main camera
 * writes by default. A 12000×12000 PNG is 420 KB on disk and 432 MB decoded; stored, it made the
 * list slow to 3.6 s where the browser decoded it (issue 36).
 */
export const MAX_RECEIPT_PIXELS = 40_000_000;

const u16be = (b: Uint8Array, i: number) => (b[i]! << 8) | b[i + 1]!;
const u16le = (b: Uint8Array, i: number) => b[i]! | (b[i + 1]! << 8);
const u24le = (b: Uint8Array, i: number) => b[i]! | (b[i + 1]! << 8) | (b[i + 2]! << 16);
const u32be = (b: Uint8Array, i: number) => ((b[i]! << 24) | (b[i + 1]! << 16) | (b[i + 2]! << 8) | b[i + 3]!) >>> 0;

/** JPEG: the first start-of-frame segment (SOF0–SOF15 but DHT, JPG and DAC) holds height then width. */
function jpegDimensions(b: Uint8Array): { width: number; height: number } | null {
  let i = 2;
  while (i + 9 < b.length) {
    if (b[i] !== 0xff) return null;
    const marker = b[i + 1]!;
    if (marker === 0xff) {
      i += 1; // fill byte
      continue;
    }
    if (marker === 0xd8 || marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) {
      i += 2; // markers without a length
      continue;
    }
    if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc) return { height: u16be(b, i + 5), width: u16be(b, i + 7) };
    if (marker === 0xd9 || marker === 0xda) return null; // the image data began without a frame header
    i += 2 + u16be(b, i + 2);
  }
  return null;
}

/** WebP: a simple lossy (VP8), lossless (VP8L) or extended (VP8X) file's canvas. */
function webpDimensions(b: Uint8Array): { width: number; height: number } | null {
  const chunk = ascii(b, 12, 16);
  if (chunk === "VP8X" && b.length >= 30) return { width: u24le(b, 24) + 1, height: u24le(b, 27) + 1 };
  if (chunk === "VP8L" && b.length >= 25) {
    const bits = (b[21]! | (b[22]! << 8) | (b[23]! << 16) | (b[24]! << 24)) >>> 0;
    return { width: (bits & 0x3fff) + 1, height: ((bits >>> 14) & 0x3fff) + 1 };
  }
  if (chunk === "VP8 " && b.length >= 30) return { width: u16le(b, 26) & 0x3fff, height: u16le(b, 28) & 0x3fff };
  return null;
}

/**
 * An image's width and height as its header declares them, read without decoding it (PNG's IHDR,
 * JPEG's frame header, WebP's VP8/VP8L/VP8X header); null when the header does not say (HEIC's
 * sizes sit in boxes further in, and are not read).
 */
export function imageDimensions(bytes: Uint8Array): { width: number; height: number } | null {
  const type = sniffImageType(bytes);
  if (type === "image/png") return bytes.length >= 24 && ascii(bytes, 12, 16) === "IHDR" ? { width: u32be(bytes, 16), height: u32be(bytes, 20) } : null;
  if (type === "image/jpeg") return jpegDimensions(bytes);
  if (type === "image/webp") return webpDimensions(bytes);
  return null;
}

/** Whether an image's header declares more pixels than a receipt may have. */
export function tooManyPixels(bytes: Uint8Array): boolean {
  const size = imageDimensions(bytes);
  return size !== null && size.width * size.height > MAX_RECEIPT_PIXELS;
}

/**
 * Where the app shows a transaction's receipt image: the address changes with each photo (its
 * stored key ends in a new id), so a browser never shows a replaced one from its cache.
 */
export function receiptSrc(transactionId: string, receiptKey: string): string {
  return `/resources/receipts/${transactionId}?v=${encodeURIComponent(receiptKey.slice(receiptKey.lastIndexOf("/") + 1))}`;
}
