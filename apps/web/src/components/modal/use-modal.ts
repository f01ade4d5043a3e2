import { useContext } from "react";
import { type ModalApi, ModalContext } from "./modal-context";

/** `const modal = useModal(); await modal.confirm({ title, description, onConfirm })`. */
export function useModal(): ModalApi {
  const modal = useContext(ModalContext);
  if (!modal) throw new Error("useModal must be used within a ModalProvider.");
  return modal;
}
