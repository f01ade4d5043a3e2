import type { LucideIcon } from "lucide-react";
import type { ComponentProps, ReactNode } from "react";

/** A card-like section of a page, titled by its heading (`headingId`) with a small icon before it. */
export function SectionCard({
  headingId,
  icon: Icon,
  title,
  children,
  ...props
}: Omit<ComponentProps<"section">, "className" | "aria-labelledby" | "title"> & {
  headingId: string;
  icon: LucideIcon;
  title: string;
  children: ReactNode;
}) {
  return (
    <section
      aria-labelledby={headingId}
      className="grid gap-3 rounded-xl border bg-card p-4 shadow-sm md:p-5"
      {...props}
    >
      <h2 id={headingId} className="flex items-center gap-2 font-semibold">
        <Icon aria-hidden className="size-4 text-muted-foreground" />
        {title}
      </h2>
      {children}
    </section>
  );
}
