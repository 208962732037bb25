import { describe, expect, it } from "vitest";
import { imageDimensions, tooManyPixels } from "../../core/receipt-image";

const png = (w: number, h: number) => {
  const b = new Uint8Array(33);
  b.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52]);
  new DataView(b.buffer).setUint32(16, w);
  new DataView(b.buffer).setUint32(20, h);
  return b;
};

/** SOI, an APP0 segment, then a baseline frame header (SOF0) of h×w. */
const jpeg = (w: number, h: number) =>
  new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x04, 0x00, 0x00, 0xff, 0xc0, 0x00, 0x11, 0x08, h >> 8, h & 255, w >> 8, w & 255, 0x03, 0, 0, 0, 0, 0, 0, 0, 0, 0]);

const riff = (chunk: string, payload: number[]) => new Uint8Array([..."RIFF"].map((c) => c.charCodeAt(0)).concat([0, 0, 0, 0], [..."WEBP"].map((c) => c.charCodeAt(0)), [...chunk].map((c) => c.charCodeAt(0)), [0, 0, 0, 0], payload));

describe("image dimensions from the header (issue 36)", () => {
  it("reads PNG, JPEG and WebP (VP8X, VP8L, VP8) without decoding", () => {
    expect(imageDimensions(png(12_000, 12_000))).toEqual({ width: 12_000, height: 12_000 });
    expect(imageDimensions(jpeg(4032, 3024))).toEqual({ width: 4032, height: 3024 });
    // VP8X: flags, 3 reserved bytes, then width−1 and height−1 as 24-bit little endian.
    expect(imageDimensions(riff("VP8X", [0, 0, 0, 0, 0xdf, 0x2e, 0, 0xdf, 0x2e, 0]))).toEqual({ width: 12_000, height: 12_000 });
    // VP8L: signature 0x2f, then 14 bits of width−1 and 14 of height−1.
    const bits = 99 | (49 << 14);
    expect(imageDimensions(riff("VP8L", [0x2f, bits & 255, (bits >> 8) & 255, (bits >> 16) & 255, (bits >>> 24) & 255]))).toEqual({ width: 100, height: 50 });
    // VP8: a frame tag (3 bytes), the start code 9d 01 2a, then 14-bit width and height.
    expect(imageDimensions(riff("VP8 ", [0, 0, 0, 0x9d, 0x01, 0x2a, 0x40, 0x01, 0xf0, 0x00]))).toEqual({ width: 320, height: 240 });
  });

  it("refuses past 40 megapixels and says nothing of what it cannot read", () => {
    expect(tooManyPixels(png(12_000, 12_000))).toBe(true);
    expect(tooManyPixels(png(8000, 5000))).toBe(false);
    expect(tooManyPixels(jpeg(65_535, 65_535))).toBe(true);
    expect(tooManyPixels(new Uint8Array([0xff, 0xd8, 0xff, 0xd9]))).toBe(false);
    expect(imageDimensions(new Uint8Array([1, 2, 3]))).toBeNull();
  });
});
