import "@/features/teams/texts";
import { getRouteApi, useNavigate } from "@tanstack/react-router";
import { useTranslation } from "react-i18next";
import { useAuth } from "@/features/auth/auth-store";
import { InviteMemberForm } from "@/features/teams/components/invite-member-form";
import { LeaveTeamCard } from "@/features/teams/components/leave-team-card";
import { MembersTable } from "@/features/teams/components/members-table";
import { TeamInvitationsList } from "@/features/teams/components/team-invitations-list";
import { TeamLayout } from "@/features/teams/components/team-layout";
import { parseTeamId } from "@/features/teams/teams-search";

const route = getRouteApi("/app/teams/$teamId/members");

/** /teams/{id}/members: members (search and page in the URL), invitations, leaving the team. */
export function TeamMembersPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { user } = useAuth();
  const rawTeamId = route.useParams().teamId;
  const teamId = parseTeamId(rawTeamId);
  const { page = 1, search } = route.useSearch();
  return (
    <TeamLayout
      teamId={teamId}
      section="members"
      title={t("pages.teamMembers.title")}
      description={t("pages.teamMembers.description")}
    >
      {(team) => (
        <>
          <MembersTable
            team={team}
            currentUserId={user?.id}
            isAdmin={user?.role === "admin"}
            page={page}
            search={search}
            onSearchChange={(next) =>
              void navigate({ to: "/teams/$teamId/members", params: { teamId: rawTeamId }, search: next })
            }
          />
          {team.can.manage && (
            <div className="grid gap-6 lg:grid-cols-2">
              <InviteMemberForm team={team} />
              <TeamInvitationsList team={team} />
            </div>
          )}
          <LeaveTeamCard team={team} onLeft={() => void navigate({ to: "/teams" })} />
        </>
      )}
    </TeamLayout>
  );
}
