import { describe, expect, it } from "vitest";
import { pieceName, type SplitResult } from "@/lib/images/split-ops";
import { splitTallFiles } from "./split-files";

const file = (name: string, bytes = 4) => new File([new Uint8Array(bytes)], name, { type: "image/png" });

/** A pool whose split answers from a table by file name (and fails for "bad"). */
function fakePool(pieces: Record<string, number>) {
  const asked: string[] = [];
  return {
    asked,
    async splitPage(_input: Blob | ArrayBuffer, name: string): Promise<SplitResult> {
      asked.push(name);
      if (name.includes("bad")) throw new Error("cannot decode");
      const n = pieces[name] ?? 0;
      return {
        pieces: Array.from({ length: n }, (_, i) => ({
          blob: new Blob([new Uint8Array(i + 1)], { type: "image/jpeg" }),
          name: pieceName(name, i),
          width: 1500,
          height: 3000,
        })),
      };
    },
  };
}

describe("splitTallFiles (the page drop's tall-strip option)", () => {
  it("replaces a tall file by its pieces in place, in reading order, and keeps the others", async () => {
    const pool = fakePool({ "02.png": 3 });
    const out = await splitTallFiles([file("01.png"), file("02.png"), file("03.png")], pool);
    expect(out.map((f) => f.name)).toEqual(["01.png", "02_1.jpg", "02_2.jpg", "02_3.jpg", "03.png"]);
    expect(out.slice(1, 4).every((f) => f.type === "image/jpeg")).toBe(true);
    expect(out.slice(1, 4).map((f) => f.size)).toEqual([1, 2, 3]);
    expect(pool.asked).toEqual(["01.png", "02.png", "03.png"]);
  });

  it("keeps a file that cannot be split, and one the planner leaves whole", async () => {
    const bad = file("bad.png");
    const whole = file("04.png");
    const out = await splitTallFiles([bad, whole], fakePool({ "04.png": 1 }));
    expect(out).toEqual([bad, whole]);
  });

  it("names pieces after the stem, without the folder", () => {
    expect(pieceName("ch1/05.png", 0)).toBe("05_1.jpg");
    expect(pieceName("strip", 11)).toBe("strip_12.jpg");
  });
});
