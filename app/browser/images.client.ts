/**
 * Receipt photos in the browser: a still from the live video, and a downscaled JPEG for upload
 * (phones take 12-megapixel photos; 2000 px on the long side keeps a receipt readable at a
 * fraction of the bytes). A format the browser cannot decode (HEIC outside Safari) is sent as
 * it is; the API checks its bytes and its size either way.
 */
export const MAX_EDGE_PX = 2000;
const JPEG_QUALITY = 0.85;

function canvasToBlob(canvas: HTMLCanvasElement, type: string, quality?: number): Promise<Blob> {
  return new Promise((resolve, reject) => canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error("encode failed"))), type, quality));
}

/** Draws a source into a canvas no larger than `maxEdge` on its long side. */
function drawScaled(source: CanvasImageSource, width: number, height: number, maxEdge: number): HTMLCanvasElement {
  const scale = Math.min(1, maxEdge / Math.max(width, height));
  const canvas = document.createElement("canvas");
  canvas.width = Math.max(1, Math.round(width * scale));
  canvas.height = Math.max(1, Math.round(height * scale));
  const context = canvas.getContext("2d");
  if (!context) throw new Error("no 2d context");
  context.drawImage(source, 0, 0, canvas.width, canvas.height);
  return canvas;
}

/** The current frame of a playing video as a JPEG. */
export async function captureFrame(video: HTMLVideoElement): Promise<Blob> {
  const canvas = drawScaled(video, video.videoWidth, video.videoHeight, MAX_EDGE_PX);
  return canvasToBlob(canvas, "image/jpeg", JPEG_QUALITY);
}

/** A JPEG no larger than MAX_EDGE_PX, or the original when the browser cannot decode it. */
export async function downscaleForUpload(file: Blob): Promise<Blob> {
  let bitmap: ImageBitmap;
  try {
    bitmap = await createImageBitmap(file, { imageOrientation: "from-image" });
  } catch {
    return file;
  }
  try {
    if (Math.max(bitmap.width, bitmap.height) <= MAX_EDGE_PX && file.type === "image/jpeg" && file.size < 1_500_000) return file;
    const canvas = drawScaled(bitmap, bitmap.width, bitmap.height, MAX_EDGE_PX);
    const blob = await canvasToBlob(canvas, "image/jpeg", JPEG_QUALITY);
    return blob.size < file.size ? blob : file;
  } finally {
    bitmap.close();
  }
}
