import { Link, type LinkProps } from "@tanstack/react-router";
import { ChevronRightIcon, type LucideIcon } from "lucide-react";
import { cn } from "@/lib/utils";

export type ShortcutCard = {
  key: string;
  to: LinkProps["to"];
  icon: LucideIcon;
  title: string;
  description: string;
};

/**
 * A titled grid of link cards (icon, title, a line on what is behind it): the dashboard's shortcuts and
 * a team's or a comic's sections. `params` fill the links' path (e.g. `{ teamId: "3" }`); `prominent`
 * is the roomier card of the home page, whose heading is for screen readers only.
 */
export function ShortcutCards({
  headingId,
  heading,
  cards,
  params,
  listClassName,
  prominent = false,
}: {
  headingId: string;
  heading: string;
  cards: readonly ShortcutCard[];
  params?: Record<string, string>;
  listClassName: string;
  prominent?: boolean;
}) {
  return (
    <section aria-labelledby={headingId} className={prominent ? undefined : "grid content-start gap-3"}>
      <h2 id={headingId} className={prominent ? "sr-only" : "font-semibold"}>
        {heading}
      </h2>
      <ul className={listClassName}>
        {cards.map((card) => (
          <li key={card.key}>
            <Link
              to={card.to}
              params={params as never}
              className={cn(
                "group flex h-full items-start rounded-xl border bg-card text-card-foreground shadow-sm outline-none hover:border-primary/40 hover:shadow-md focus-visible:ring-[3px] focus-visible:ring-ring/50",
                prominent
                  ? "gap-4 p-5 transition-[border-color,box-shadow,transform] hover:-translate-y-0.5"
                  : "gap-3 p-4 transition-[border-color,box-shadow]",
              )}
            >
              <span
                className={cn(
                  "flex shrink-0 items-center justify-center rounded-lg bg-secondary text-secondary-foreground transition-colors group-hover:bg-primary group-hover:text-primary-foreground",
                  prominent ? "size-11" : "size-10",
                )}
              >
                <card.icon aria-hidden className="size-5" />
              </span>
              <span className={cn("grid flex-1", prominent ? "gap-1" : "gap-0.5")}>
                <span className={prominent ? "font-semibold" : "font-medium"}>{card.title}</span>
                <span className="text-muted-foreground text-sm">{card.description}</span>
              </span>
              <ChevronRightIcon
                aria-hidden
                className={cn(
                  "mt-1 size-4 shrink-0 text-muted-foreground",
                  prominent && "transition-transform group-hover:translate-x-0.5",
                )}
              />
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
