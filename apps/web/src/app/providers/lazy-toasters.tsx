import { lazy, Suspense, useSyncExternalStore } from "react";
import { NOTIFIER_ID } from "@/lib/notify";
import { onToastsRequested, toastsRequested } from "@/lib/toast";

const Toaster = lazy(() => import("@/components/ui/sonner").then((module) => ({ default: module.Toaster })));

/**
 * Both toasters (top-right with rich colours, and the bottom notifier: docs/dashboard.md, "The
 * shell"), mounted when the first toast is asked for (lib/toast.ts), so a page that raises none
 * (the sign-in page, usually) never downloads sonner. Toasts raised before the toasters mount are
 * kept by sonner and appear once they do.
 */
export function LazyToasters() {
  const requested = useSyncExternalStore(onToastsRequested, toastsRequested, () => false);
  if (!requested) return null;
  return (
    <Suspense fallback={null}>
      <Toaster position="top-right" richColors closeButton />
      <Toaster id={NOTIFIER_ID} position="bottom-center" />
    </Suspense>
  );
}
