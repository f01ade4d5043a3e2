import { lazy, type ReactNode, Suspense, useCallback, useMemo, useRef, useState } from "react";
import { type ConfirmOptions, type ModalApi, ModalContext, type SuccessOptions } from "./modal-context";

// The dialog (Radix, focus trap, scroll lock) is only downloaded when a modal is first opened.
const ModalDialog = lazy(() => import("./modal-dialog").then((module) => ({ default: module.ModalDialog })));

type OpenModal =
  | { type: "confirm"; options: ConfirmOptions; resolve: (confirmed: boolean) => void }
  | { type: "success"; options: SuccessOptions; resolve: () => void };

/**
 * The modal provider (docs/dashboard.md, "Confirmations and success"): one dialog at a time;
 * closing clears it.
 */
export function ModalProvider({ children }: { children: ReactNode }) {
  const [modal, setModal] = useState<OpenModal | null>(null);
  const [busy, setBusy] = useState(false);
  const [used, setUsed] = useState(false);
  const current = useRef<OpenModal | null>(null);

  const show = useCallback((next: OpenModal | null) => {
    current.current = next;
    setModal(next);
    if (next) setUsed(true);
  }, []);

  const dismiss = useCallback(() => {
    const open = current.current;
    if (!open) return;
    show(null);
    if (open.type === "confirm") {
      open.options.onCancel?.();
      open.resolve(false);
    } else {
      open.options.onSuccess?.();
      open.resolve();
    }
  }, [show]);

  const api = useMemo<ModalApi>(
    () => ({
      confirm: (options) =>
        new Promise<boolean>((resolve) => {
          dismiss();
          show({ type: "confirm", options, resolve });
        }),
      success: (options) =>
        new Promise<void>((resolve) => {
          dismiss();
          show({ type: "success", options, resolve });
        }),
      close: dismiss,
    }),
    [dismiss, show],
  );

  const confirm = useCallback(async () => {
    const open = current.current;
    if (open?.type !== "confirm") return;
    setBusy(true);
    try {
      await open.options.onConfirm?.();
    } catch {
      // The failure was already reported (central error toast); stay open so the user can retry or cancel.
      setBusy(false);
      return;
    }
    setBusy(false);
    show(null);
    open.resolve(true);
  }, [show]);

  return (
    <ModalContext.Provider value={api}>
      {children}
      {used && (
        <Suspense fallback={null}>
          <ModalDialog modal={modal} busy={busy} onConfirm={confirm} onDismiss={dismiss} />
        </Suspense>
      )}
    </ModalContext.Provider>
  );
}
