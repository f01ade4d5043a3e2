import { LoaderCircleIcon } from "lucide-react";
import type { ReactNode } from "react";
import { Button, type ButtonProps } from "@/components/ui/button";

/**
 * A button with an icon and a label, the dashboard's one shape for an action. When its action may
 * take a while, `pending` disables it, a spinner stands in for its `icon` and `pendingLabel` (when
 * given) for its `label`.
 */
export function ActionButton({
  pending = false,
  icon,
  label,
  pendingLabel,
  disabled,
  ...props
}: Omit<ButtonProps, "children" | "asChild"> & {
  pending?: boolean;
  icon?: ReactNode;
  label: ReactNode;
  pendingLabel?: ReactNode;
}) {
  return (
    <Button disabled={pending || disabled} {...props}>
      {pending ? <LoaderCircleIcon aria-hidden className="animate-spin" /> : icon}
      {pending && pendingLabel !== undefined ? pendingLabel : label}
    </Button>
  );
}
