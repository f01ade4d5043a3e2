import type { Team } from "@vt/shared/api-schemas";
import type { TInvitation } from "@vt/shared/contracts/invitations";
import { MailIcon, XIcon } from "lucide-react";
import { useTranslation } from "react-i18next";
import { useModal } from "@/components/modal/use-modal";
import { ErrorState } from "@/components/query-state";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { Skeleton } from "@/components/ui/skeleton";
import { formatDate } from "@/lib/date-format";
import { toast } from "@/lib/toast";
import { useTeamInvitations } from "../api/get-team-invitations";
import { useRevokeInvitation } from "../api/revoke-invitation";

/** The team's pending invitations, each revocable (managers and up). */
export function TeamInvitationsList({ team }: { team: Team }) {
  const { t } = useTranslation();
  const invitations = useTeamInvitations(team.id);
  const list = invitations.data?.invitations ?? [];
  return (
    <Card role="region" aria-labelledby="team-invitations-heading">
      <CardHeader>
        <CardTitle id="team-invitations-heading">{t("teams.invite.pendingTitle")}</CardTitle>
      </CardHeader>
      <CardContent>
        {invitations.isPending && !invitations.isError ? (
          <div className="grid gap-2" aria-busy="true">
            <Skeleton className="h-12 w-full" />
            <Skeleton className="h-12 w-full" />
          </div>
        ) : invitations.isError && !invitations.data ? (
          <ErrorState
            error={invitations.error}
            onRetry={() => void invitations.refetch()}
            retrying={invitations.isFetching}
          />
        ) : list.length === 0 ? (
          <p className="text-muted-foreground text-sm">{t("teams.invite.pendingEmpty")}</p>
        ) : (
          <ul className="grid gap-2">
            {list.map((invitation) => (
              <InvitationRow key={invitation.id} team={team} invitation={invitation} />
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}

function InvitationRow({ team, invitation }: { team: Team; invitation: TInvitation }) {
  const { t, i18n } = useTranslation();
  const modal = useModal();
  const revoke = useRevokeInvitation(team.id);
  const canRevoke = team.can.assignableRoles.includes(invitation.role);
  return (
    <li className="flex items-center gap-3 rounded-lg border px-3 py-2">
      <MailIcon aria-hidden className="size-4 shrink-0 text-muted-foreground" />
      <div className="grid min-w-0 flex-1">
        <span className="truncate font-medium text-sm">{invitation.email}</span>
        <span className="text-muted-foreground text-xs">
          {t("teams.invite.pendingItem", {
            role: t(`teams.roles.${invitation.role}`),
            date: formatDate(invitation.expiresAt, i18n.language),
          })}
        </span>
      </div>
      {canRevoke && (
        <Button
          variant="ghost"
          size="sm"
          aria-label={t("teams.invite.revokeLabel", { email: invitation.email })}
          onClick={() =>
            modal.confirm({
              title: t("teams.invite.revokeConfirmTitle", { email: invitation.email }),
              description: t("teams.invite.revokeConfirmDescription"),
              confirmLabel: t("teams.invite.revoke"),
              destructive: true,
              onConfirm: async () => {
                await revoke.mutateAsync(invitation.id);
                toast.success(t("teams.invite.revoked", { email: invitation.email }));
              },
            })
          }
        >
          <XIcon aria-hidden />
          <span className="max-sm:sr-only">{t("teams.invite.revoke")}</span>
        </Button>
      )}
    </li>
  );
}
