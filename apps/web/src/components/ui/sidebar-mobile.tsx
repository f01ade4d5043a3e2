import { SIDEBAR_WIDTH_MOBILE } from "@vt/shared/constants";
import type * as React from "react";
import { Sheet, SheetContent, SheetDescription, SheetTitle } from "@/components/ui/sheet";
import { useSidebar } from "./sidebar-context";

export type SidebarTexts = {
  /** Texts for the mobile sheet, read by screen readers. */
  mobileTitle: string;
  mobileDescription: string;
  closeLabel: string;
};

/** The sidebar below 768 px: a sheet (18rem) with its own open state. */
export function MobileSidebar({
  children,
  mobileTitle,
  mobileDescription,
  closeLabel,
}: SidebarTexts & { children: React.ReactNode }) {
  const { openMobile, setOpenMobile } = useSidebar();
  return (
    <Sheet open={openMobile} onOpenChange={setOpenMobile}>
      <SheetContent
        data-sidebar="sidebar"
        data-slot="sidebar"
        data-mobile="true"
        side="left"
        closeLabel={closeLabel}
        className="w-(--sidebar-width) gap-0 bg-sidebar p-0 text-sidebar-foreground [&_[data-slot=sidebar-header]]:pr-10"
        style={{ "--sidebar-width": SIDEBAR_WIDTH_MOBILE } as React.CSSProperties}
      >
        <SheetTitle className="sr-only">{mobileTitle}</SheetTitle>
        <SheetDescription className="sr-only">{mobileDescription}</SheetDescription>
        <div className="flex h-full w-full flex-col">{children}</div>
      </SheetContent>
    </Sheet>
  );
}
