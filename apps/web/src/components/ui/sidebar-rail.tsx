import type * as React from "react";
import { cn } from "@/lib/utils";
import { useSidebar } from "./sidebar-context";

/** A thin edge on the sidebar's border that toggles it on click (pointer users; keyboard uses the trigger). */
export function SidebarRail({
  className,
  label,
  ...props
}: React.ComponentProps<"button"> & { label: string }) {
  const { toggleSidebar } = useSidebar();
  return (
    <button
      type="button"
      data-sidebar="rail"
      data-slot="sidebar-rail"
      aria-label={label}
      tabIndex={-1}
      onClick={toggleSidebar}
      title={label}
      className={cn(
        "absolute inset-y-0 -right-2 z-20 hidden w-4 cursor-ew-resize transition-all ease-linear after:absolute after:inset-y-0 after:left-1/2 after:w-[2px] hover:after:bg-sidebar-border sm:flex",
        className,
      )}
      {...props}
    />
  );
}
