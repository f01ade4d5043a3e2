import type { Team } from "@vt/shared/api-schemas";
import "@/features/teams/texts";
import { getRouteApi } from "@tanstack/react-router";
import { useTranslation } from "react-i18next";
import { QueryState } from "@/components/query-state";
import { useDonateSettings } from "@/features/teams/api/get-donate-settings";
import { DonateForm } from "@/features/teams/components/donate-form";
import { SectionSkeleton, TeamLayout } from "@/features/teams/components/team-layout";
import { parseTeamId } from "@/features/teams/teams-search";

const route = getRouteApi("/app/teams/$teamId/donate");

/** /teams/{id}/donate: the donate settings (read-only below manager). */
export function TeamDonatePage() {
  const { t } = useTranslation();
  const teamId = parseTeamId(route.useParams().teamId);
  return (
    <TeamLayout
      teamId={teamId}
      section="donate"
      title={t("pages.teamDonate.title")}
      description={t("pages.teamDonate.description")}
    >
      {(team) => <DonateSection team={team} />}
    </TeamLayout>
  );
}

function DonateSection({ team }: { team: Team }) {
  const settings = useDonateSettings(team.id);
  return (
    <QueryState query={settings} loading={<SectionSkeleton />}>
      {(data) => <DonateForm team={team} settings={data} />}
    </QueryState>
  );
}
