import { SIDEBAR_TOOLTIP_DELAY_MS, TOOLTIP_DELAY_MS, TOOLTIP_SKIP_DELAY_MS } from "@vt/shared/constants";
import type { ReactNode } from "react";
import { Tooltip, TooltipContent, TooltipProvider, TooltipTrigger } from "@/components/ui/tooltip";
import { useSidebar } from "./sidebar-context";

/**
 * A sidebar button's tooltip, shown to its right only when the desktop sidebar is collapsed to
 * icons. Loaded the first time the sidebar is collapsed (see sidebar-menu.tsx); the sidebar's
 * tooltips open at once (no delay), so each carries its own provider.
 */
export function SidebarMenuTooltip({ label, children }: { label: string; children: ReactNode }) {
  const { isMobile, state } = useSidebar();
  return (
    <TooltipProvider delayDuration={TOOLTIP_DELAY_MS} skipDelayDuration={TOOLTIP_SKIP_DELAY_MS}>
      <Tooltip delayDuration={SIDEBAR_TOOLTIP_DELAY_MS}>
        <TooltipTrigger asChild>{children}</TooltipTrigger>
        <TooltipContent side="right" align="center" hidden={state !== "collapsed" || isMobile}>
          {label}
        </TooltipContent>
      </Tooltip>
    </TooltipProvider>
  );
}
