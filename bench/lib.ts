/**
 * Tiny benchmark helpers. Every figure is reported next to a baseline measured in the same run,
 * so results compare across machines as ratios rather than absolute milliseconds.
 */
export interface Stats {
  n: number;
  p50: number;
  p99: number;
  mean: number;
}

export function stats(samples: number[]): Stats {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
  return {
    n: sorted.length,
    p50: at(0.5),
    p99: at(0.99),
    mean: sorted.reduce((s, x) => s + x, 0) / sorted.length,
  };
}

/** Runs `fn` `warmup` times unmeasured, then `n` times, returning per-call milliseconds. */
export async function measure(
  fn: () => Promise<unknown>,
  n: number,
  warmup = Math.ceil(n / 10),
): Promise<Stats> {
  for (let i = 0; i < warmup; i++) await fn();
  const samples: number[] = [];
  for (let i = 0; i < n; i++) {
    const t0 = performance.now();
    await fn();
    samples.push(performance.now() - t0);
  }
  return stats(samples);
}

export const ratio = (a: number, b: number) => Math.round((a / b) * 100) / 100;
