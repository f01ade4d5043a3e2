/**
 * Natural ordering for file names, used to auto-sort page images on upload (docs/dashboard.md,
 * "Images in the browser"): "2.jpg" before "10.jpg", case-insensitive, folder-aware.
 *
 * The order must be total and deterministic, because uploads of the same
 * files must always yield the same page order: names the collator considers
 * equal ("001.jpg" vs "1.jpg", "A.jpg" vs "a.jpg") are tie-broken by a plain
 * code-unit comparison.
 */

// "base" sensitivity ignores case and accents in the primary comparison; the tie-break restores a total order.
const collator = new Intl.Collator(["vi", "en"], { numeric: true, sensitivity: "base" });

function compareSegment(a: string, b: string): number {
  return collator.compare(a.normalize("NFC"), b.normalize("NFC"));
}

function codeUnitCompare(a: string, b: string): number {
  if (a === b) return 0;
  return a < b ? -1 : 1;
}

/**
 * Compares two file names or relative paths naturally. Paths are compared
 * folder by folder ("ch1/10.png" after "ch1/2.png", and every file of "ch1/"
 * before any file of "ch2/"). Backslashes count as separators too.
 */
export function naturalCompare(a: string, b: string): number {
  const as = a.split(/[\\/]/);
  const bs = b.split(/[\\/]/);
  const n = Math.min(as.length, bs.length);
  for (let i = 0; i < n; i++) {
    const aIsLast = i === as.length - 1;
    const bIsLast = i === bs.length - 1;
    // A folder's contents sort after the loose files next to it, like most file managers.
    if (aIsLast !== bIsLast) return aIsLast ? -1 : 1;
    const c = compareSegment(as[i]!, bs[i]!);
    if (c !== 0) return c;
  }
  if (as.length !== bs.length) return as.length - bs.length;
  // Equal for the collator ("001" vs "1", case): shorter first, then a stable code-unit order.
  if (a.length !== b.length) return a.length - b.length;
  return codeUnitCompare(a, b);
}

/**
 * Returns a new array sorted naturally. `key` picks the name of each item
 * (for example `(f) => f.webkitRelativePath || f.name`); without it the items
 * must be strings.
 */
export function naturalSort<T>(items: readonly T[], key?: (item: T) => string): T[] {
  const pick = key ?? ((item: T) => String(item));
  return items
    .map((item, index) => ({ item, index, name: pick(item) }))
    .sort((x, y) => naturalCompare(x.name, y.name) || x.index - y.index)
    .map((x) => x.item);
}
