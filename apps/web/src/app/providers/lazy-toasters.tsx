import { lazy, Suspense, useEffect, useState } from "react";
import { NOTIFIER_ID } from "@/lib/notify";

const Toaster = lazy(() => import("@/components/ui/sonner").then((module) => ({ default: module.Toaster })));

/**
 * Both toasters (spec §2: top-right with rich colours, and the bottom notifier), mounted after the
 * first paint so sonner is not part of the first download. Toasts raised earlier are kept by
 * sonner and appear once the toasters mount.
 */
export function LazyToasters() {
  const [mounted, setMounted] = useState(false);
  useEffect(() => setMounted(true), []);
  if (!mounted) return null;
  return (
    <Suspense fallback={null}>
      <Toaster position="top-right" richColors closeButton />
      <Toaster id={NOTIFIER_ID} position="bottom-center" />
    </Suspense>
  );
}
