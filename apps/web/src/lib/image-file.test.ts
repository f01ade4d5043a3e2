import { describe, expect, it } from "vitest";
import { imageProblem } from "./image-file";

const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d];
const bytes = (...values: number[]) => new Uint8Array(values);
const text = (value: string) => new TextEncoder().encode(value);
const file = (content: Uint8Array, type: string, size?: number) => {
  const blob = new File([content as BlobPart], "picked", { type });
  return size === undefined ? blob : Object.defineProperty(blob, "size", { value: size });
};

describe("imageProblem", () => {
  const limit = 2 * 1024 * 1024;

  it("accepts a PNG within the limit", async () => {
    expect(await imageProblem(file(bytes(...PNG), "image/png"), limit)).toBeNull();
  });

  it("judges by content: a PDF renamed .png is not an image", async () => {
    expect(await imageProblem(file(text("%PDF-1.7"), "application/pdf"), limit)).toEqual({
      key: "validation.notAnImage",
    });
  });

  it("judges by content: bytes that only claim to be a PNG are not an image", async () => {
    expect(await imageProblem(file(text("%PDF-1.7"), "image/png"), limit)).toEqual({
      key: "validation.notAnImage",
    });
  });

  it("names the allowed types for an image the platform does not store (SVG)", async () => {
    expect(await imageProblem(file(text("<svg xmlns='x'/>"), "image/svg+xml"), limit)).toEqual({
      key: "validation.fileTypeInvalid",
      params: { types: "JPEG, PNG, WebP, GIF" },
    });
  });

  it("gives the limit in MB for a file that is too large", async () => {
    expect(await imageProblem(file(bytes(...PNG), "image/png", limit + 1), limit)).toEqual({
      key: "validation.fileTooLarge",
      params: { max: 2 },
    });
  });
});
