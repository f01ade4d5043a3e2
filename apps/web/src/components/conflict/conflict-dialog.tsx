import { lazy, Suspense } from "react";
import { useOpenedOnce } from "@/components/modal/use-opened-once";
import type { ConflictDialogProps } from "./conflict-alert";

export type { ConflictDialogProps };

const ConflictAlert = lazy(() => import("./conflict-alert").then((m) => ({ default: m.ConflictAlert })));

/**
 * The one dialog every form shows when its record changed elsewhere: the fields that changed
 * (before -> now), and the two ways out, taking the server's copy or overwriting knowingly. Loaded
 * when it first opens (`useOpenedOnce`): no form's page downloads it up front.
 */
export function ConflictDialog(props: ConflictDialogProps) {
  const opened = useOpenedOnce(props.open);
  if (!opened) return null;
  return (
    <Suspense fallback={null}>
      <ConflictAlert {...props} />
    </Suspense>
  );
}
