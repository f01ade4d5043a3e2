import { type ExternalToast, toast } from "./toast";

/** Id of the second, bottom notifier (background and long-running work), see app/providers. */
export const NOTIFIER_ID = "notifier";

type NotifyOptions = Omit<ExternalToast, "toasterId">;

/**
 * Notices for the bottom notifier: progress of uploads, background jobs, anything that should not
 * compete with the top-right toasts. Returns the toast id so a notice can be updated in place:
 * `const id = notify.loading("…"); notify.success("Xong", { id })`.
 */
export const notify = {
  message: (title: string, options?: NotifyOptions) =>
    toast.message(title, { ...options, toasterId: NOTIFIER_ID }),
  info: (title: string, options?: NotifyOptions) => toast.info(title, { ...options, toasterId: NOTIFIER_ID }),
  success: (title: string, options?: NotifyOptions) =>
    toast.success(title, { ...options, toasterId: NOTIFIER_ID }),
  warning: (title: string, options?: NotifyOptions) =>
    toast.warning(title, { ...options, toasterId: NOTIFIER_ID }),
  error: (title: string, options?: NotifyOptions) =>
    toast.error(title, { ...options, toasterId: NOTIFIER_ID }),
  loading: (title: string, options?: NotifyOptions) =>
    toast.loading(title, { ...options, toasterId: NOTIFIER_ID }),
  dismiss: (id?: string | number) => toast.dismiss(id),
};
