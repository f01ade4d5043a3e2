import { describe, expect, it } from "vitest";
import { aggregateProgress, type FileProgressInput, fileFraction, zipProgress } from "./progress";

const f = (
  state: FileProgressInput["state"],
  processProgress = 0,
  uploadProgress = 0,
  bytes = 100,
): FileProgressInput => ({ state, processProgress, uploadProgress, bytes });

describe("fileFraction", () => {
  it("counts processing for the first half and the upload for the second", () => {
    expect(fileFraction(f("queued"))).toBe(0);
    expect(fileFraction(f("processing", 0.5))).toBe(0.25);
    expect(fileFraction(f("uploading", 1, 0))).toBe(0.5);
    expect(fileFraction(f("uploading", 1, 0.5))).toBe(0.75);
    expect(fileFraction(f("done"))).toBe(1);
    expect(fileFraction(f("error", 1, 0.9))).toBe(0);
  });

  it("clamps odd inputs", () => {
    expect(fileFraction(f("processing", 7))).toBe(0.5);
    expect(fileFraction(f("uploading", 1, -1))).toBe(0.5);
    expect(fileFraction(f("uploading", 1, Number.NaN))).toBe(0.5);
  });
});

describe("aggregateProgress", () => {
  it("counts states, bytes and the overall fraction", () => {
    const p = aggregateProgress([
      f("done", 1, 1, 300),
      f("uploading", 1, 0.5, 100),
      f("processing", 0.5, 0, 100),
      f("queued", 0, 0, 100),
      f("error", 0, 0, 400),
    ]);
    expect(p).toMatchObject({
      total: 5,
      done: 1,
      uploading: 1,
      processing: 1,
      queued: 1,
      error: 1,
      settled: 2,
      bytesTotal: 1000,
      bytesDone: 300,
    });
    expect(p.fraction).toBeCloseTo((1 + 0.75 + 0.25) / 5);
    expect(p.percent).toBe(40);
  });

  it("shows 100 % only when every file is done", () => {
    expect(aggregateProgress([f("done"), f("uploading", 1, 0.999)]).percent).toBe(99);
    expect(aggregateProgress([f("done"), f("done")]).percent).toBe(100);
    expect(aggregateProgress([]).percent).toBe(100);
  });
});

describe("zipProgress", () => {
  it("reports pages done over total with the bytes written", () => {
    expect(zipProgress(1, 4, 2048)).toEqual({ pagesDone: 1, total: 4, bytes: 2048, fraction: 0.25 });
    expect(zipProgress(5, 4, 0).fraction).toBe(1);
  });
});
