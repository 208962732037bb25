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
 * Where the app shows a transaction's receipt image: the address changes with each photo (its
 * stored key ends in a new id), so a browser never shows a replaced one from its cache.
 */
export function receiptSrc(transactionId: string, receiptKey: string): string {
  return `/resources/receipts/${transactionId}?v=${encodeURIComponent(receiptKey.slice(receiptKey.lastIndexOf("/") + 1))}`;
}
