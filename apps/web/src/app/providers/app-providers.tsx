import { QueryClientProvider } from "@tanstack/react-query";
import { PersistQueryClientProvider } from "@tanstack/react-query-persist-client";
import type { ReactNode } from "react";
import { ModalProvider } from "@/components/modal/modal-provider";
import { Toaster } from "@/components/ui/sonner";
import { NOTIFIER_ID } from "@/lib/notify";
import { persistOptions, queryClient } from "@/lib/query-client";

/**
 * Everything the app needs around the router: data cache, modals and both toasters. Tooltips are
 * provided by the signed-in shell (the sign-in page has none, and Radix Tooltip is heavy).
 */
export function AppProviders({ children }: { children: ReactNode }) {
  const content = (
    <>
      <ModalProvider>{children}</ModalProvider>
      <Toaster position="top-right" richColors closeButton />
      <Toaster id={NOTIFIER_ID} position="bottom-center" />
    </>
  );
  return persistOptions ? (
    <PersistQueryClientProvider client={queryClient} persistOptions={persistOptions}>
      {content}
    </PersistQueryClientProvider>
  ) : (
    <QueryClientProvider client={queryClient}>{content}</QueryClientProvider>
  );
}
