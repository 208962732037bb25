/**
 * Issue 36: a receipt image past the pixel limit is refused from its header, never decoded: a
 * 12000×12000 PNG is a few hundred bytes here (a 420 KB file in the probe) and 432 MB decoded.
 */
import { SELF } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { BASE, signUp, uniqueIp } from "./helpers";
import { addTransaction, createAccount } from "./ledger-helpers";

/** A PNG's signature and IHDR chunk declaring `width`×`height` (the CRC is not checked by a header read). */
function pngHeader(width: number, height: number): Uint8Array<ArrayBuffer> {
  const bytes = new Uint8Array(64);
  bytes.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52]);
  const view = new DataView(bytes.buffer);
  view.setUint32(16, width);
  view.setUint32(20, height);
  bytes.set([8, 2, 0, 0, 0], 24);
  return bytes;
}

async function put(transactionId: string, token: string, body: Uint8Array<ArrayBuffer>, language = "en") {
  const response = await SELF.fetch(`${BASE}/transactions/${transactionId}/receipt`, {
    method: "PUT",
    headers: { Authorization: `Bearer ${token}`, "Content-Type": "image/png", "CF-Connecting-IP": uniqueIp(), "Accept-Language": language },
    body,
  });
  return { status: response.status, contentType: response.headers.get("Content-Type"), json: (await response.json()) as { detail?: string } };
}

describe("receipt images past the pixel limit", () => {
  it("refuses a 12000×12000 PNG by its header with 413 and says why, in the user's language", async () => {
    const { token } = await signUp();
    const account = await createAccount(token);
    const tx = await addTransaction(token, account.id);
    const huge = await put(tx.id, token, pngHeader(12_000, 12_000));
    expect(huge.status).toBe(413);
    expect(huge.contentType).toMatch(/^application\/problem\+json/);
    expect(huge.json.detail).toBe("The image has too many pixels (at most 40 megapixels). Take the photo again or choose a smaller image.");
    const es = await put(tx.id, token, pngHeader(12_000, 12_000), "es");
    expect(es.json.detail).toBe("La imagen tiene demasiados píxeles (como máximo 40 megapíxeles). Vuelve a tomar la foto o elige una imagen más pequeña.");
    // A phone photo's size (4000×3000, 12 MP) and exactly 40 MP are stored.
    expect((await put(tx.id, token, pngHeader(4000, 3000))).status).toBe(200);
    expect((await put(tx.id, token, pngHeader(8000, 5000))).status).toBe(200);
    expect((await put(tx.id, token, pngHeader(8000, 5001))).status).toBe(413);
  });
});
