/**
 * Scrambling and unscrambling a page on a canvas (worker or main thread, as ./canvas-ops.ts).
 *
 * Strip geometry never lives here: scrambling and unscrambling draw exactly the rectangles of the
 * shared `scramblePlan` / `unscramblePlan` (@vt/shared/scramble), so our pages are the ones the
 * platform's existing readers rebuild.
 */
import { DOWNLOAD_JPEG_QUALITY, SCRAMBLE_QUALITY, SCRAMBLE_WIDTH } from "@vt/shared/constants";
import {
  decodeKey,
  encodeKey,
  type Permutation,
  randomPermutation,
  type StripPlan,
  scrambledFileName,
  scramblePlan,
  unscramblePlan,
} from "@vt/shared/scramble";
import {
  type AnyCanvas,
  type Ctx2D,
  createCanvas,
  decode,
  drawScaled,
  encode,
  enter,
  type OpContext,
  release,
  WHITE,
} from "./canvas-ops";
import { scrambleSize } from "./format";

export type ScramblePageOptions = {
  width?: number;
  quality?: number;
  /** Fixed permutation / key prefix (tests and vectors); random by default. */
  permutation?: Permutation;
  keyPrefix?: string;
};
export type ScrambledPage = {
  blob: Blob;
  /** The page key readers need (`{url, key}`): 4 chars + "H" + base58 Lehmer code + checksum. */
  key: string;
  /** `{10-char id}_{ratio with 'L'}.jpg`, the ratio of the page before scrambling. */
  fileName: string;
  /** Same as fileName, so processed and scrambled pages share the `name` field. */
  name: string;
  /** Page size before scrambling (width is 1300). */
  width: number;
  height: number;
  /** Height of the stored image: height + 36. */
  scrambledHeight: number;
  type: "image/jpeg";
};

export type UnscrambledPage = { blob: Blob; width: number; height: number; type: "image/jpeg" };

/** Full-width band copies of a strip plan, pixel for pixel (no smoothing: source and target sizes match). */
function drawPlan(ctx: Ctx2D, source: CanvasImageSource, width: number, plan: StripPlan): void {
  ctx.imageSmoothingEnabled = false;
  for (const c of plan.copies) {
    ctx.drawImage(source, 0, c.srcY, width, c.height, 0, c.dstY, width, c.height);
  }
}

/**
 * Scrambled upload (docs/scramble-format.md): resize to width 1300 exactly, shuffle the 10 strips
 * with 4 px white gaps following `scramblePlan`, JPEG q0.9; key and file name from the shared codec.
 */
export async function scramblePageOp(
  input: Blob,
  options: ScramblePageOptions = {},
  ctx: OpContext = {},
): Promise<ScrambledPage> {
  const perm = options.permutation ?? randomPermutation();
  const key = options.keyPrefix === undefined ? encodeKey(perm) : encodeKey(perm, options.keyPrefix);
  enter(ctx, "decode");
  const src = await decode(input);
  let page: { canvas: AnyCanvas; ctx: Ctx2D };
  let size: { width: number; height: number };
  try {
    size = scrambleSize(src.width, src.height, options.width ?? SCRAMBLE_WIDTH);
    enter(ctx, "draw");
    page = drawScaled(src, size.width, size.height);
  } finally {
    src.close();
  }
  const plan = scramblePlan(size.height, perm);
  let out: { canvas: AnyCanvas; ctx: Ctx2D };
  try {
    out = createCanvas(size.width, plan.scrambledHeight);
    out.ctx.fillStyle = WHITE;
    out.ctx.fillRect(0, 0, size.width, plan.scrambledHeight);
    drawPlan(out.ctx, page.canvas, size.width, plan);
  } finally {
    release(page.canvas);
  }
  try {
    enter(ctx, "encode");
    const blob = await encode(out.canvas, "image/jpeg", options.quality ?? SCRAMBLE_QUALITY);
    const fileName = `${scrambledFileName(size.width, size.height)}.jpg`;
    enter(ctx, "done");
    return {
      blob,
      key,
      fileName,
      name: fileName,
      width: size.width,
      height: size.height,
      scrambledHeight: plan.scrambledHeight,
      type: "image/jpeg",
    };
  } finally {
    release(out.canvas);
  }
}

export type UnscramblePageOptions = { quality?: number };

/** Rebuilds a scrambled page with its key (`unscramblePlan`), JPEG q0.95 (zip download, reader preview). */
export async function unscramblePageOp(
  input: Blob,
  key: string,
  options: UnscramblePageOptions = {},
  ctx: OpContext = {},
): Promise<UnscrambledPage> {
  const perm = decodeKey(key);
  enter(ctx, "decode");
  const src = await decode(input);
  let out: { canvas: AnyCanvas; ctx: Ctx2D };
  let plan: StripPlan;
  try {
    plan = unscramblePlan(src.height, perm);
    enter(ctx, "draw");
    out = createCanvas(src.width, plan.originalHeight);
    drawPlan(out.ctx, src.source, src.width, plan);
  } finally {
    src.close();
  }
  try {
    enter(ctx, "encode");
    const blob = await encode(out.canvas, "image/jpeg", options.quality ?? DOWNLOAD_JPEG_QUALITY);
    enter(ctx, "done");
    return { blob, width: src.width, height: plan.originalHeight, type: "image/jpeg" };
  } finally {
    release(out.canvas);
  }
}
