import "@/features/teams/texts";
import "@/lib/power-texts";
import { getRouteApi, useNavigate } from "@tanstack/react-router";
import { useTranslation } from "react-i18next";
import { ListSkeleton, QueryState } from "@/components/query-state";
import { useUploadSettings } from "@/features/teams/api/upload-settings";
import { DeleteTeamCard } from "@/features/teams/components/delete-team-card";
import { TeamInfoForm } from "@/features/teams/components/team-info-form";
import { TeamInfoView } from "@/features/teams/components/team-info-view";
import { TeamLayout } from "@/features/teams/components/team-layout";
import { UploadSettingsCard } from "@/features/teams/components/upload-settings-card";
import { parseTeamId } from "@/features/teams/teams-search";

const route = getRouteApi("/app/teams/$teamId/info");

/** /teams/{id}/info: the editable form for managers and up, a read-only view for others. */
export function TeamInfoPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const teamId = parseTeamId(route.useParams().teamId);
  const uploadSettings = useUploadSettings(teamId);
  return (
    <TeamLayout
      teamId={teamId}
      section="info"
      title={t("pages.teamInfo.title")}
      description={t("pages.teamInfo.description")}
    >
      {(team) => (
        <>
          {team.can.manage ? <TeamInfoForm team={team} /> : <TeamInfoView team={team} />}
          <QueryState query={uploadSettings} loading={<ListSkeleton rows={1} rowClassName="h-32" />}>
            {(settings) => (
              <UploadSettingsCard
                key={settings.version}
                teamId={team.id}
                settings={settings}
                canManage={team.can.manage}
              />
            )}
          </QueryState>
          {team.can.own && <DeleteTeamCard team={team} onDeleted={() => void navigate({ to: "/teams" })} />}
        </>
      )}
    </TeamLayout>
  );
}
