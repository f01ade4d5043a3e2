/**
 * Theme preference: light, dark or system (the default). The resolved theme is a `dark` class on
 * <html> (Tailwind's dark variant). index.html applies the same rule before the first paint.
 */
import { useSyncExternalStore } from "react";

export const THEMES = ["light", "dark", "system"] as const;
export type Theme = (typeof THEMES)[number];
export const THEME_STORAGE_KEY = "vt-theme";

const DARK_QUERY = "(prefers-color-scheme: dark)";
const listeners = new Set<() => void>();

function isTheme(value: unknown): value is Theme {
  return typeof value === "string" && (THEMES as readonly string[]).includes(value);
}

function readStoredTheme(): Theme {
  try {
    const stored = window.localStorage.getItem(THEME_STORAGE_KEY);
    return isTheme(stored) ? stored : "system";
  } catch {
    return "system";
  }
}

let theme: Theme = typeof window === "undefined" ? "system" : readStoredTheme();

export function resolveTheme(preference: Theme, systemDark: boolean): "light" | "dark" {
  if (preference === "system") return systemDark ? "dark" : "light";
  return preference;
}

function applyTheme() {
  const dark = resolveTheme(theme, window.matchMedia(DARK_QUERY).matches) === "dark";
  const root = document.documentElement;
  root.classList.toggle("dark", dark);
  root.style.colorScheme = dark ? "dark" : "light";
}

export function getTheme(): Theme {
  return theme;
}

export function setTheme(next: Theme) {
  theme = next;
  try {
    window.localStorage.setItem(THEME_STORAGE_KEY, next);
  } catch {
    // The choice still applies to this visit.
  }
  applyTheme();
  for (const listener of listeners) listener();
}

/** Applies the remembered theme and follows the system while the preference is "system". */
export function startTheme() {
  applyTheme();
  window.matchMedia(DARK_QUERY).addEventListener("change", () => {
    if (theme === "system") applyTheme();
    for (const listener of listeners) listener();
  });
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useTheme() {
  const current = useSyncExternalStore(subscribe, getTheme, getTheme);
  const resolved = resolveTheme(
    current,
    typeof window !== "undefined" && window.matchMedia(DARK_QUERY).matches,
  );
  return { theme: current, resolvedTheme: resolved, setTheme };
}
