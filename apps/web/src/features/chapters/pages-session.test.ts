import { PAGE_MAX_BYTES } from "@vt/shared/constants";
import { describe, expect, it } from "vitest";
import { imageProblem } from "@/lib/image-file";
import { computeClientId } from "./file-client-id";

const PNG_HEAD = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const file = (bytes: number[] | Uint8Array, name = "1.png", type = "image/png") =>
  new File([new Uint8Array(bytes)], name, { type });

describe("page checks before upload (the one image check, lib/image-file.ts)", () => {
  it("judges the type by content, not by name or declared type", async () => {
    expect(await imageProblem(file([...PNG_HEAD, 0, 0, 0, 0]), PAGE_MAX_BYTES)).toBeNull();
    expect(await imageProblem(file([...PNG_HEAD, 0], "trang.txt", "text/plain"), PAGE_MAX_BYTES)).toBeNull();
    expect(
      await imageProblem(file(Array.from("%PDF-1.7 fake", (c) => c.charCodeAt(0))), PAGE_MAX_BYTES),
    ).toEqual({
      key: "validation.notAnImage",
    });
  });

  it("refuses a page over 7 MB with the limit in the message", async () => {
    const big = new Uint8Array(PAGE_MAX_BYTES + 1);
    big.set(PNG_HEAD);
    expect(await imageProblem(file(big), PAGE_MAX_BYTES)).toEqual({
      key: "validation.fileTooLarge",
      params: { max: 7 },
    });
  });
});

describe("page clientIds", () => {
  it("are the same for the same bytes and name, and differ when the content changes", async () => {
    const a = await computeClientId(file([...PNG_HEAD, 1]));
    const again = await computeClientId(file([...PNG_HEAD, 1]));
    const changed = await computeClientId(file([...PNG_HEAD, 2]));
    expect(a).toBe(again);
    expect(a).not.toBe(changed);
    expect(a.startsWith("1.png|9|")).toBe(true);
    expect(a.length).toBeLessThanOrEqual(200);
  });
});
