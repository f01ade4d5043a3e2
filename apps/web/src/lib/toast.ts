/**
 * Toasts without sonner in any page's download: the first call loads sonner (once), forwards to it
 * and asks for the toasters (app/providers/lazy-toasters.tsx mounts them only then). Sonner keeps
 * toasts created before its <Toaster> subscribes and shows them when it mounts, so a page that
 * never raises a toast never loads sonner at all.
 */
import type { ExternalToast } from "sonner";

let loading: Promise<typeof import("sonner")> | undefined;
const listeners = new Set<() => void>();
const sonner = () => {
  if (!loading) {
    loading = import("sonner");
    for (const listener of listeners) listener();
  }
  return loading;
};

/** Whether a toast was asked for yet (the toasters mount from then on). */
export const toastsRequested = () => loading !== undefined;

/** Calls `listener` when the first toast is asked for; returns the unsubscribe function. */
export function onToastsRequested(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

let counter = 0;
/** Ids are chosen here, so a caller gets one synchronously and can update or dismiss the toast. */
const nextId = () => `vt-toast-${++counter}`;

type Kind = "message" | "success" | "info" | "warning" | "error" | "loading";

function show(kind: Kind, title: string, options: ExternalToast = {}): string | number {
  const id = options.id ?? nextId();
  void sonner().then(({ toast }) => {
    toast[kind](title, { ...options, id });
  });
  return id;
}

export const toast = {
  message: (title: string, options?: ExternalToast) => show("message", title, options),
  success: (title: string, options?: ExternalToast) => show("success", title, options),
  info: (title: string, options?: ExternalToast) => show("info", title, options),
  warning: (title: string, options?: ExternalToast) => show("warning", title, options),
  error: (title: string, options?: ExternalToast) => show("error", title, options),
  loading: (title: string, options?: ExternalToast) => show("loading", title, options),
  dismiss: (id?: string | number) => {
    void sonner().then(({ toast }) => toast.dismiss(id));
  },
};

export type { ExternalToast };
