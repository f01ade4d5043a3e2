/**
 * Toasts without sonner in the first download: each call loads sonner (once) and forwards to it.
 * Sonner keeps toasts created before its <Toaster> subscribes and shows them when it mounts, so
 * the toasters themselves are mounted lazily too (see app/providers/lazy-toasters.tsx).
 */
import type { ExternalToast } from "sonner";

let loading: Promise<typeof import("sonner")> | undefined;
const sonner = () => {
  loading ??= import("sonner");
  return loading;
};

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
