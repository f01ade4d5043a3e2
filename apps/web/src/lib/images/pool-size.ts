/** How many image workers a pool starts (./pool.ts), from the cores and memory the browser reports. */

/** Never more workers than this, whatever the machine. */
export const MAX_POOL_SIZE = 8;
/** Without a memory figure (Firefox, Safari), at most this many (each may hold a 50 MB page). */
export const POOL_SIZE_WITHOUT_MEMORY = 4;

/**
 * One worker per core (navigator.hardwareConcurrency, 2 when unknown), at most two per GB of
 * navigator.deviceMemory (a worker holds up to a full-size page, its canvas and its encoding:
 * ~150 MB for a 3000x4500 scan), POOL_SIZE_WITHOUT_MEMORY where the memory is not reported, never
 * more than MAX_POOL_SIZE, at least 1.
 */
export function defaultPoolSize(): number {
  // Through globalThis: the upload bench (bench/, no DOM types) reuses poolSizeFor from this file.
  const nav = (globalThis as { navigator?: { hardwareConcurrency?: number; deviceMemory?: number } })
    .navigator;
  return poolSizeFor(nav?.hardwareConcurrency, nav?.deviceMemory);
}

export function poolSizeFor(cores: number | undefined, memoryGb: number | undefined): number {
  const byMemory = memoryGb && memoryGb > 0 ? Math.floor(memoryGb * 2) : POOL_SIZE_WITHOUT_MEMORY;
  return Math.max(1, Math.min(cores || 2, byMemory, MAX_POOL_SIZE));
}
