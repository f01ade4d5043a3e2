import { Link, type LinkProps } from "@tanstack/react-router";
import type { LucideIcon } from "lucide-react";
import { useEffect, useRef } from "react";
import { cn } from "@/lib/utils";

export type SectionTab<K extends string = string> = { key: K; to: LinkProps["to"]; icon: LucideIcon };

/**
 * An entity's sections, in order, from its path: `overview` is the path itself, each other key the
 * path below it (`/teams/$teamId` + `members` = `/teams/$teamId/members`, checked against the routes).
 */
export function sectionTabsUnder<const B extends string, const K extends string>(
  base: B & LinkProps["to"],
  icons: Record<"overview" | K, LucideIcon> &
    ([`${B}/${Exclude<K, "overview">}`] extends [LinkProps["to"]] ? unknown : never),
): readonly SectionTab<"overview" | K>[] {
  return (Object.entries(icons) as [K | "overview", LucideIcon][]).map(([key, icon]) => ({
    key,
    to: (key === "overview" ? base : `${base}/${key}`) as LinkProps["to"],
    icon,
  }));
}

/**
 * An entity's sections (a team's, a comic's) as a tab-like row of links; scrolls sideways on narrow
 * screens. `params` fill the tabs' path (e.g. `{ teamId: "3" }`), `labelOf` names each tab.
 */
export function SectionTabs<K extends string>({
  label,
  tabs,
  active,
  params,
  labelOf,
}: {
  label: string;
  tabs: readonly SectionTab<K>[];
  active: K;
  params: Record<string, string>;
  labelOf: (key: K) => string;
}) {
  const currentRef = useRef<HTMLAnchorElement>(null);
  // On a phone the row scrolls sideways: bring the current section into view.
  useEffect(() => {
    currentRef.current?.scrollIntoView?.({ block: "nearest", inline: "nearest" });
  }, []);
  return (
    <nav aria-label={label} className="-mx-4 overflow-x-auto px-4 md:mx-0 md:px-0">
      <ul className="flex w-max gap-1 border-b md:w-full">
        {tabs.map((tab) => {
          const current = tab.key === active;
          return (
            <li key={tab.key}>
              <Link
                to={tab.to}
                params={params as never}
                ref={current ? currentRef : undefined}
                aria-current={current ? "page" : undefined}
                className={cn(
                  "-mb-px flex items-center gap-2 whitespace-nowrap border-b-2 px-3 py-2.5 font-medium text-sm outline-none transition-colors focus-visible:ring-[3px] focus-visible:ring-ring/50",
                  current
                    ? "border-primary text-foreground"
                    : "border-transparent text-muted-foreground hover:border-border hover:text-foreground",
                )}
              >
                <tab.icon aria-hidden className="size-4" />
                {labelOf(tab.key)}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
