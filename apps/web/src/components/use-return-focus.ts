import { useCallback, useLayoutEffect, useRef } from "react";

/**
 * Focus goes back to what opened a dialog when it closes (WCAG 2.4.3), for every dialog through
 * its shell (DialogShell, AlertShell). Radix does so only for a dialog that has its own trigger and
 * otherwise focuses what had focus when the dialog mounted, which is often gone by then (a menu
 * item of a closed menu, a lazily loaded confirmation) and focus fell to <body>.
 *
 * The opener is what has focus when the dialog opens; when that is nothing (<body>) or inside a
 * menu or a list box (which close around it), it is the last element focused outside such a popup:
 * the menu's own button, the row's "…" button.
 */
const POPUP = '[role="menu"],[role="listbox"],[data-radix-popper-content-wrapper]';

let lastFocused: HTMLElement | null = null;
if (typeof document !== "undefined") {
  document.addEventListener(
    "focusin",
    (event) => {
      const target = event.target;
      if (target instanceof HTMLElement && !target.closest(POPUP)) lastFocused = target;
    },
    true,
  );
}

function currentOpener(): HTMLElement | null {
  const active = document.activeElement;
  if (active instanceof HTMLElement && active !== document.body && !active.closest(POPUP)) return active;
  return lastFocused?.isConnected ? lastFocused : null;
}

/**
 * Remembers the opener while `open` turns true; answers the handler for the dialog content's
 * `onCloseAutoFocus`, which puts focus back on that opener when it is still on the page (else
 * Radix's own choice stands).
 */
export function useReturnFocus(open: boolean) {
  const opener = useRef<HTMLElement | null>(null);
  // A layout effect: it runs before the dialog's focus scope moves focus into the dialog.
  useLayoutEffect(() => {
    if (open) opener.current = currentOpener();
  }, [open]);
  return useCallback((event: Event) => {
    const target = opener.current;
    opener.current = null;
    if (target?.isConnected) {
      event.preventDefault();
      target.focus({ preventScroll: true });
    }
  }, []);
}
