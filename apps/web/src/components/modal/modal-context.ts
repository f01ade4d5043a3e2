import { createContext, type ReactNode } from "react";

export type ConfirmOptions = {
  title: ReactNode;
  description?: ReactNode;
  /** May return a promise: the dialog stays open (button busy) until it settles. */
  onConfirm?: () => unknown;
  onCancel?: () => void;
  /** Overrides the translated "Confirm" label (e.g. "Delete"). */
  confirmLabel?: string;
  /** Styles the confirm button as destructive (deletion cannot be undone). */
  destructive?: boolean;
};

export type SuccessOptions = {
  title: ReactNode;
  description?: ReactNode;
  onSuccess?: () => void;
};

export type ModalApi = {
  /** Asks for confirmation: buttons Cancel and Confirm. Resolves true when confirmed. */
  confirm: (options: ConfirmOptions) => Promise<boolean>;
  /** Reports a success: one Confirm button. Resolves when closed. */
  success: (options: SuccessOptions) => Promise<void>;
  /** Closes whatever is open (as a cancel). */
  close: () => void;
};

export const ModalContext = createContext<ModalApi | null>(null);
