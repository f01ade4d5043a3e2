/**
 * The shape another language must have to translate `T`: the same keys, all strings.
 * English files use `satisfies Translation<typeof vi...>` so a missing or extra key fails typecheck.
 */
export type Translation<T> = {
  [K in keyof T]: T[K] extends string ? string : Translation<T[K]>;
};
