import type * as React from "react";
import { cn } from "@/lib/utils";

export function Skeleton({ className, ...props }: React.ComponentProps<"div">) {
  return (
    <div data-slot="skeleton" className={cn("animate-pulse rounded-md bg-accent", className)} {...props} />
  );
}

/** A placeholder of a picture (`media`: its size) and lines of text beside it (`lines`: each line's size). */
export function SkeletonMedia({
  media,
  lines,
  className = "flex items-center gap-3",
  linesClassName = "gap-2",
}: {
  media: string;
  lines: readonly string[];
  className?: string;
  linesClassName?: string;
}) {
  return (
    <div className={className}>
      <Skeleton className={media} />
      <div className={cn("grid flex-1", linesClassName)}>
        {lines.map((line) => (
          <Skeleton key={line} className={line} />
        ))}
      </div>
    </div>
  );
}
