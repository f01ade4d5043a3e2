import { Collapsible as CollapsiblePrimitive } from "radix-ui";
import type * as React from "react";
import { cn } from "@/lib/utils";

/** Collapsible family (Radix Collapsible), shadcn/ui style. */
export const Collapsible = CollapsiblePrimitive.Root;
export const CollapsibleTrigger = CollapsiblePrimitive.Trigger;

export function CollapsibleContent({
  className,
  ...props
}: React.ComponentProps<typeof CollapsiblePrimitive.Content>) {
  return (
    <CollapsiblePrimitive.Content
      data-slot="collapsible-content"
      className={cn("overflow-hidden data-[state=closed]:hidden", className)}
      {...props}
    />
  );
}
