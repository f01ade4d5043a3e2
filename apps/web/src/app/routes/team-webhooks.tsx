import "@/features/teams/texts";
import { getRouteApi } from "@tanstack/react-router";
import { useTranslation } from "react-i18next";
import { TeamLayout } from "@/features/teams/components/team-layout";
import { WebhooksSection } from "@/features/teams/components/webhooks-section";
import { parseTeamId } from "@/features/teams/teams-search";

const route = getRouteApi("/app/teams/$teamId/webhooks");

/** /teams/{id}/webhooks: the team's webhooks and their delivery logs (managers and owners). */
export function TeamWebhooksPage() {
  const { t } = useTranslation();
  const teamId = parseTeamId(route.useParams().teamId);
  return (
    <TeamLayout
      teamId={teamId}
      section="webhooks"
      title={t("pages.teamWebhooks.title")}
      description={t("pages.teamWebhooks.description")}
    >
      {(team) => <WebhooksSection team={team} />}
    </TeamLayout>
  );
}
