import { createLink, type LinkComponent } from "@tanstack/react-router";
import type { VariantProps } from "class-variance-authority";
import type { LucideIcon } from "lucide-react";
import type { ComponentProps, ReactNode } from "react";
import { buttonVariants } from "@/components/ui/button";
import { cn } from "@/lib/utils";

type AnchorButtonProps = Omit<ComponentProps<"a">, "children"> &
  VariantProps<typeof buttonVariants> & {
    icon?: LucideIcon;
    label: ReactNode;
    /** Another site: opened in a new tab, telling it nothing of this one. */
    external?: boolean;
  };

/** A link that looks like a button, its icon before the label; as is, for addresses outside the app. */
export function AnchorButton({
  icon: Icon,
  label,
  variant,
  size,
  className,
  external = false,
  ...props
}: AnchorButtonProps) {
  return (
    <a
      data-slot="button"
      className={cn(buttonVariants({ variant, size, className }))}
      {...(external && { target: "_blank", rel: "noopener noreferrer" })}
      {...props}
    >
      {Icon && <Icon aria-hidden />}
      {label}
    </a>
  );
}

const RouterAnchorButton = createLink(AnchorButton);

/** A router link (typed `to`, `params`, `search`) that looks like a button. */
export const LinkButton: LinkComponent<typeof AnchorButton> = (props) => <RouterAnchorButton {...props} />;
