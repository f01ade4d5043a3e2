import type * as React from "react";
import { lazy, Suspense } from "react";
import { cn } from "@/lib/utils";
import { useSidebar } from "./sidebar-context";
import type { SidebarTexts } from "./sidebar-mobile";

// The sheet (Radix Dialog, focus trap, scroll lock) is downloaded only on a narrow screen.
const MobileSidebar = lazy(() => import("./sidebar-mobile").then((m) => ({ default: m.MobileSidebar })));

type SidebarProps = React.ComponentProps<"div"> & SidebarTexts;

/**
 * The sidebar: fixed on the left on desktop, collapsible to icons (3rem); a sheet (18rem) with its
 * own open state below 768 px (closed, it renders nothing).
 */
export function Sidebar({
  className,
  children,
  mobileTitle,
  mobileDescription,
  closeLabel,
  ...props
}: SidebarProps) {
  const { isMobile, state } = useSidebar();

  if (isMobile) {
    return (
      <Suspense fallback={null}>
        <MobileSidebar
          mobileTitle={mobileTitle}
          mobileDescription={mobileDescription}
          closeLabel={closeLabel}
        >
          {children}
        </MobileSidebar>
      </Suspense>
    );
  }

  return (
    <div
      className="group peer hidden text-sidebar-foreground md:block"
      data-state={state}
      data-collapsible={state === "collapsed" ? "icon" : ""}
      data-slot="sidebar"
    >
      {/* Reserves the sidebar's width in the page flow. */}
      <div
        data-slot="sidebar-gap"
        className="relative w-(--sidebar-width) bg-transparent transition-[width] duration-200 ease-linear group-data-[collapsible=icon]:w-(--sidebar-width-icon)"
      />
      <div
        data-slot="sidebar-container"
        className={cn(
          "fixed inset-y-0 left-0 z-10 hidden h-svh w-(--sidebar-width) border-r border-sidebar-border transition-[width] duration-200 ease-linear md:flex",
          "group-data-[collapsible=icon]:w-(--sidebar-width-icon)",
          className,
        )}
        {...props}
      >
        <div data-sidebar="sidebar" className="flex h-full w-full flex-col bg-sidebar">
          {children}
        </div>
      </div>
    </div>
  );
}
