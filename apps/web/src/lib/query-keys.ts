/**
 * Query-key roots that more than one feature invalidates. A feature builds its keys inside its own
 * `xQueryOptions` factories from these roots, so another feature can drop a whole family (an
 * approved request changes the comics lists) without importing that feature.
 */

/** Every comics list, page and filter. */
export const comicsQueryKeyAll = ["comics"] as const;
