import type { ReactNode } from "react";
import { LazyToasters } from "./lazy-toasters";

/**
 * Everything the app needs around the router: data cache and both toasters. Tooltips and the
 * modal provider (confirm and success dialogs) live in the signed-in shell: the sign-in page uses
 * neither, and keeping them out of its first download keeps it within budget.
 */
export function AppProviders({ children }: { children: ReactNode }) {
  // Persistence to localStorage is started separately, for signed-in users (main.tsx).
  return (
    <>
      {children}
      <LazyToasters />
    </>
  );
}
