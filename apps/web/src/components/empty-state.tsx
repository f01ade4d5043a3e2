import type { LucideIcon } from "lucide-react";
import type { ReactNode } from "react";

/** A calm, centred "nothing here yet" block with an icon and optional actions. */
export function EmptyState({
  icon: Icon,
  title,
  description,
  children,
}: {
  icon: LucideIcon;
  title: string;
  description: string;
  children?: ReactNode;
}) {
  return (
    <section className="flex flex-col items-center justify-center gap-3 rounded-xl border border-dashed bg-card/50 px-6 py-16 text-center">
      <div className="flex size-12 items-center justify-center rounded-full bg-secondary text-secondary-foreground">
        <Icon aria-hidden className="size-6" />
      </div>
      <h2 className="font-semibold text-base">{title}</h2>
      <p className="max-w-md text-muted-foreground text-sm">{description}</p>
      {children && <div className="mt-2 flex flex-wrap justify-center gap-2">{children}</div>}
    </section>
  );
}
