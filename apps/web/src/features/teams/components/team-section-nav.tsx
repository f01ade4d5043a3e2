import { HandHeartIcon, InfoIcon, LayoutDashboardIcon, ScrollTextIcon, UsersIcon } from "lucide-react";
import { useTranslation } from "react-i18next";
import { type SectionTab, SectionTabs } from "@/components/section-tabs";

export type TeamSection = "overview" | "info" | "members" | "donate" | "credit";

/** `to` stays a literal union so shortcut cards can link with typed params. */
type SectionLink = SectionTab<TeamSection> & {
  to:
    | "/teams/$teamId"
    | "/teams/$teamId/info"
    | "/teams/$teamId/members"
    | "/teams/$teamId/donate"
    | "/teams/$teamId/credit";
};

export const TEAM_SECTIONS: readonly SectionLink[] = [
  { key: "overview", to: "/teams/$teamId", icon: LayoutDashboardIcon },
  { key: "info", to: "/teams/$teamId/info", icon: InfoIcon },
  { key: "members", to: "/teams/$teamId/members", icon: UsersIcon },
  { key: "donate", to: "/teams/$teamId/donate", icon: HandHeartIcon },
  { key: "credit", to: "/teams/$teamId/credit", icon: ScrollTextIcon },
];

/** The team's sections as tabs (components/section-tabs). */
export function TeamSectionNav({ teamId, active }: { teamId: number; active: TeamSection }) {
  const { t } = useTranslation();
  return (
    <SectionTabs
      label={t("teams.nav.label")}
      tabs={TEAM_SECTIONS}
      active={active}
      params={{ teamId: String(teamId) }}
      labelOf={(key) => t(`teams.nav.${key}`)}
    />
  );
}
