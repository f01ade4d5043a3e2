import type { Team } from "@vt/shared/api-schemas";
import "@/features/teams/texts";
import { getRouteApi } from "@tanstack/react-router";
import { useTranslation } from "react-i18next";
import { QueryState } from "@/components/query-state";
import { useCreditSettings } from "@/features/teams/api/get-credit-settings";
import { CreditForm } from "@/features/teams/components/credit-form";
import { SectionSkeleton, TeamLayout } from "@/features/teams/components/team-layout";
import { parseTeamId } from "@/features/teams/teams-search";

const route = getRouteApi("/app/teams/$teamId/credit");

/** /teams/{id}/credit: credit text and pages (read-only below manager). */
export function TeamCreditPage() {
  const { t } = useTranslation();
  const teamId = parseTeamId(route.useParams().teamId);
  return (
    <TeamLayout
      teamId={teamId}
      section="credit"
      title={t("pages.teamCredit.title")}
      description={t("pages.teamCredit.description")}
    >
      {(team) => <CreditSection team={team} />}
    </TeamLayout>
  );
}

function CreditSection({ team }: { team: Team }) {
  const settings = useCreditSettings(team.id);
  return (
    <QueryState query={settings} loading={<SectionSkeleton />}>
      {(data) => <CreditForm team={team} settings={data} />}
    </QueryState>
  );
}
