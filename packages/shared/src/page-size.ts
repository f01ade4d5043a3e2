/**
 * Target sizes of uploaded pages (docs/dashboard.md, "Images in the browser"), shared by the
 * browser's image workers and the command-line uploader (sharp), so both produce pages of exactly
 * the same size.
 */
import { MAX_PAGE_WIDTH, SCRAMBLE_STRIPS, SCRAMBLE_WIDTH } from "./constants";

/** Page size after the 1500 px rule: downscale to `maxWidth` keeping the aspect ratio, never upscale. */
export function fitWidth(
  width: number,
  height: number,
  maxWidth = MAX_PAGE_WIDTH,
): { width: number; height: number } {
  if (width <= maxWidth) return { width, height };
  return { width: maxWidth, height: Math.max(1, Math.round((height * maxWidth) / width)) };
}

/**
 * Page size before scrambling: exactly `targetWidth` wide (up or down), aspect kept, and at least
 * 10 px high so that every one of the 10 strips has a row.
 */
export function scrambleSize(
  width: number,
  height: number,
  targetWidth = SCRAMBLE_WIDTH,
): { width: number; height: number } {
  return {
    width: targetWidth,
    height: Math.max(SCRAMBLE_STRIPS, Math.round((height * targetWidth) / width)),
  };
}
