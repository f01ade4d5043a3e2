import type { LucideIcon } from "lucide-react";
import { Button, type ButtonProps } from "@/components/ui/button";

/**
 * A small button that shows only its icon: `label` is its accessible name (and, with `tooltip`, the
 * browser's tooltip too).
 */
export function IconButton({
  icon: Icon,
  label,
  tooltip = false,
  variant = "ghost",
  size = "icon-sm",
  ...props
}: Omit<ButtonProps, "children" | "asChild" | "aria-label" | "title"> & {
  icon: LucideIcon;
  label: string;
  tooltip?: boolean;
}) {
  return (
    <Button variant={variant} size={size} aria-label={label} title={tooltip ? label : undefined} {...props}>
      <Icon aria-hidden />
    </Button>
  );
}
