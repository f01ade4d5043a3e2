/**
 * Whether OffscreenCanvas is usable, apart from the canvas operations (canvas-ops.ts): the pool
 * (pool.ts) asks before any page is dropped, and the operations load only when a page is worked
 * on the main thread.
 */
let offscreen2d: boolean | undefined;
/** OffscreenCanvas exists and gives a 2D context (Safari < 16.4 had OffscreenCanvas without 2D). */
export function hasOffscreen2d(): boolean {
  if (offscreen2d === undefined) {
    try {
      offscreen2d =
        typeof OffscreenCanvas !== "undefined" && new OffscreenCanvas(1, 1).getContext("2d") !== null;
    } catch {
      offscreen2d = false;
    }
  }
  return offscreen2d;
}
