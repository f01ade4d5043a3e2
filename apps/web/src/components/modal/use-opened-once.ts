import { useState } from "react";

/**
 * True from the first time `open` is true: a dialog loaded lazily (its Radix parts, focus trap and
 * scroll lock are not part of its page's first download) is mounted when first opened and stays
 * mounted, so that it closes with its animation and opens again at once.
 */
export function useOpenedOnce(open: boolean): boolean {
  const [opened, setOpened] = useState(open);
  if (open && !opened) setOpened(true);
  return opened || open;
}
