/**
 * Query-key roots that more than one feature invalidates. A feature builds its keys inside its own
 * `xQueryOptions` factories from these roots, so another feature can drop a whole family (an
 * approved request changes the comics lists) without importing that feature.
 */

/** Every comics list, page and filter. */
export const comicsQueryKeyAll = ["comics"] as const;

/** A comic's own page and what hangs under it (the comic, its arts). */
export const comicQueryKeyAll = ["comic"] as const;

/** Every chapter list. */
export const chaptersQueryKeyAll = ["chapters"] as const;

/** Every team list (mine, all, the directory). */
export const teamsQueryKeyAll = ["teams"] as const;

/** The bell's list and the notification settings. */
export const notificationsQueryKeyAll = ["notifications"] as const;
