import { LoaderCircleIcon } from "lucide-react";
import type { ReactNode } from "react";
import { Button, type ButtonProps } from "@/components/ui/button";

/**
 * A button whose action takes a while (save, send, upload): while `pending` a spinner stands in
 * for its icon and it is disabled (unless `disabled` says otherwise).
 */
export function PendingButton({
  pending,
  icon,
  disabled = pending,
  children,
  ...props
}: ButtonProps & { pending: boolean; icon?: ReactNode }) {
  return (
    <Button disabled={disabled} {...props}>
      {pending ? <LoaderCircleIcon aria-hidden className="animate-spin" /> : icon}
      {children}
    </Button>
  );
}
