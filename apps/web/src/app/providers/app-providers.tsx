import { QueryClientProvider } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { ModalProvider } from "@/components/modal/modal-provider";
import { queryClient } from "@/lib/query-client";
import { LazyToasters } from "./lazy-toasters";

/**
 * Everything the app needs around the router: data cache, modals and both toasters. Tooltips are
 * provided by the signed-in shell (the sign-in page has none, and Radix Tooltip is heavy).
 */
export function AppProviders({ children }: { children: ReactNode }) {
  // Persistence to localStorage is started separately, for signed-in users (main.tsx).
  return (
    <QueryClientProvider client={queryClient}>
      <ModalProvider>{children}</ModalProvider>
      <LazyToasters />
    </QueryClientProvider>
  );
}
