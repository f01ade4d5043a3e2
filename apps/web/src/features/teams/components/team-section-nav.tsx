import {
  HandHeartIcon,
  InfoIcon,
  LayoutDashboardIcon,
  ScrollTextIcon,
  UsersIcon,
  WebhookIcon,
} from "lucide-react";
import { useTranslation } from "react-i18next";
import { SectionTabs, sectionTabsUnder } from "@/components/section-tabs";

export type TeamSection = "overview" | "info" | "members" | "donate" | "credit" | "webhooks";

export const TEAM_SECTIONS = sectionTabsUnder("/teams/$teamId", {
  overview: LayoutDashboardIcon,
  info: InfoIcon,
  members: UsersIcon,
  donate: HandHeartIcon,
  credit: ScrollTextIcon,
  webhooks: WebhookIcon,
});

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
