import type { TMyInvitation } from "@vt/shared/contracts/invitations";
import { CheckIcon, MailIcon, XIcon } from "lucide-react";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { ActionButton } from "@/components/action-button";
import { useModal } from "@/components/modal/use-modal";
import { formatDate } from "@/lib/date-format";
import { toast } from "@/lib/toast";
import { useAcceptInvitation, useDeclineInvitation } from "../api/answer-invitation";
import { useMyInvitations } from "../api/get-my-invitations";
import { TeamLogo } from "./team-logo";

/**
 * The caller's pending invitations, each with accept and decline; nothing at all when there are none.
 * While the caller's e-mail is unverified the server only counts them: this says why they wait,
 * next to `resendAction` (the route passes the auth feature's "send again" button).
 */
export function MyInvitations({
  onAccepted,
  email,
  resendAction,
}: {
  onAccepted?: (teamId: number) => void;
  email?: string;
  resendAction?: ReactNode;
}) {
  const { t } = useTranslation();
  const { data } = useMyInvitations();
  const invitations = data?.invitations ?? [];
  const waiting = data?.awaitingVerification ?? 0;
  if (invitations.length === 0 && waiting === 0) return null;

  const waits = invitations.length === 0;
  return (
    <section
      aria-labelledby="my-invitations-heading"
      className={
        waits
          ? "grid gap-3 rounded-xl border border-amber-300 bg-amber-50 p-4 text-amber-950 dark:border-amber-900 dark:bg-amber-950/40 dark:text-amber-100"
          : "grid gap-3 rounded-xl border border-primary/30 bg-primary/5 p-4"
      }
    >
      <div className="flex items-center gap-2">
        <MailIcon aria-hidden className={waits ? "size-4" : "size-4 text-primary"} />
        <h2 id="my-invitations-heading" className="font-semibold">
          {t("teams.invitations.title")}
        </h2>
      </div>
      {waits ? (
        <>
          <p className="text-sm">{t("teams.invitations.awaitingVerification", { count: waiting, email })}</p>
          {resendAction && <div>{resendAction}</div>}
        </>
      ) : (
        <ul className="grid gap-2">
          {invitations.map((invitation) => (
            <InvitationItem key={invitation.id} invitation={invitation} onAccepted={onAccepted} />
          ))}
        </ul>
      )}
    </section>
  );
}

function InvitationItem({
  invitation,
  onAccepted,
}: {
  invitation: TMyInvitation;
  onAccepted?: (teamId: number) => void;
}) {
  const { t, i18n } = useTranslation();
  const modal = useModal();
  const accept = useAcceptInvitation();
  const decline = useDeclineInvitation();
  const role = t(`teams.roles.${invitation.role}`).toLocaleLowerCase();
  const busy = accept.isPending || decline.isPending;

  return (
    <li className="flex flex-col gap-3 rounded-lg border bg-card p-3 sm:flex-row sm:items-center">
      <div className="flex min-w-0 flex-1 items-center gap-3">
        <TeamLogo name={invitation.team.name} logo={invitation.team.logo} className="size-10" />
        <div className="min-w-0">
          <p className="truncate font-medium">{invitation.team.name}</p>
          <p className="text-muted-foreground text-sm">
            {invitation.invitedBy
              ? t("teams.invitations.invitedBy", { name: invitation.invitedBy.name, role })
              : t("teams.invitations.invitedAs", { role })}
            {" · "}
            {t("teams.invitations.expires", { date: formatDate(invitation.expiresAt, i18n.language) })}
          </p>
        </div>
      </div>
      <div className="flex gap-2 sm:shrink-0">
        <ActionButton
          size="sm"
          disabled={busy}
          className="flex-1 sm:flex-none"
          onClick={async () => {
            const result = await accept.mutateAsync(invitation.id).catch(() => undefined);
            if (!result) return;
            toast.success(t("teams.invitations.accepted", { name: result.team.name }));
            onAccepted?.(result.team.id);
          }}
          icon={<CheckIcon aria-hidden />}
          label={t("teams.invitations.accept")}
        />
        <ActionButton
          size="sm"
          variant="outline"
          disabled={busy}
          className="flex-1 sm:flex-none"
          onClick={() =>
            modal.confirm({
              title: t("teams.invitations.declineConfirmTitle"),
              description: t("teams.invitations.declineConfirmDescription", { name: invitation.team.name }),
              confirmLabel: t("teams.invitations.decline"),
              onConfirm: async () => {
                await decline.mutateAsync(invitation.id);
                toast.success(t("teams.invitations.declined"));
              },
            })
          }
          icon={<XIcon aria-hidden />}
          label={t("teams.invitations.decline")}
        />
      </div>
    </li>
  );
}
