import { Link } from "@tanstack/react-router";
import {
  HandHeartIcon,
  InfoIcon,
  LayoutDashboardIcon,
  type LucideIcon,
  ScrollTextIcon,
  UsersIcon,
} from "lucide-react";
import { useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import { cn } from "@/lib/utils";

export type TeamSection = "overview" | "info" | "members" | "donate" | "credit";

type SectionLink = {
  key: TeamSection;
  to:
    | "/teams/$teamId"
    | "/teams/$teamId/info"
    | "/teams/$teamId/members"
    | "/teams/$teamId/donate"
    | "/teams/$teamId/credit";
  icon: LucideIcon;
};

export const TEAM_SECTIONS: readonly SectionLink[] = [
  { key: "overview", to: "/teams/$teamId", icon: LayoutDashboardIcon },
  { key: "info", to: "/teams/$teamId/info", icon: InfoIcon },
  { key: "members", to: "/teams/$teamId/members", icon: UsersIcon },
  { key: "donate", to: "/teams/$teamId/donate", icon: HandHeartIcon },
  { key: "credit", to: "/teams/$teamId/credit", icon: ScrollTextIcon },
];

/** The team's sections as a tab-like row of links; scrolls sideways on narrow screens. */
export function TeamSectionNav({ teamId, active }: { teamId: number; active: TeamSection }) {
  const { t } = useTranslation();
  const currentRef = useRef<HTMLAnchorElement>(null);
  // On a phone the row scrolls sideways: bring the current section into view.
  useEffect(() => {
    currentRef.current?.scrollIntoView?.({ block: "nearest", inline: "nearest" });
  }, []);
  return (
    <nav aria-label={t("teams.nav.label")} className="-mx-4 overflow-x-auto px-4 md:mx-0 md:px-0">
      <ul className="flex w-max gap-1 border-b md:w-full">
        {TEAM_SECTIONS.map((section) => {
          const current = section.key === active;
          return (
            <li key={section.key}>
              <Link
                to={section.to}
                params={{ teamId: String(teamId) }}
                ref={current ? currentRef : undefined}
                aria-current={current ? "page" : undefined}
                className={cn(
                  "-mb-px flex items-center gap-2 whitespace-nowrap border-b-2 px-3 py-2.5 font-medium text-sm outline-none transition-colors focus-visible:ring-[3px] focus-visible:ring-ring/50",
                  current
                    ? "border-primary text-foreground"
                    : "border-transparent text-muted-foreground hover:border-border hover:text-foreground",
                )}
              >
                <section.icon aria-hidden className="size-4" />
                {t(`teams.nav.${section.key}`)}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
