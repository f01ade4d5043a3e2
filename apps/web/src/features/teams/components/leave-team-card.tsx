import type { Team } from "@vt/shared/api-schemas";
import { LogOutIcon } from "lucide-react";
import { useTranslation } from "react-i18next";
import { useModal } from "@/components/modal/use-modal";
import { Button } from "@/components/ui/button";
import { toast } from "@/lib/toast";
import { useLeaveTeam } from "../api/leave-team";

/** "Leave team" for members; the owner is told to transfer ownership first. */
export function LeaveTeamCard({ team, onLeft }: { team: Team; onLeft: () => void }) {
  const { t } = useTranslation();
  const modal = useModal();
  const leave = useLeaveTeam(team.id);
  if (!team.myRole) return null;
  const isOwner = team.myRole === "owner";
  return (
    <section className="flex flex-col gap-3 rounded-xl border p-4 sm:flex-row sm:items-center">
      <div className="grid flex-1 gap-1">
        <h2 className="font-semibold">{t("teams.members.leaveTitle")}</h2>
        <p className="text-muted-foreground text-sm">
          {isOwner ? t("teams.members.leaveOwnerHint") : t("teams.members.leaveDescription")}
        </p>
      </div>
      <Button
        variant="outline"
        disabled={isOwner}
        className="text-destructive hover:text-destructive"
        onClick={() =>
          modal.confirm({
            title: t("teams.members.leaveConfirmTitle", { name: team.name }),
            description: t("teams.members.leaveDescription"),
            confirmLabel: t("teams.members.leave"),
            destructive: true,
            onConfirm: async () => {
              await leave.mutateAsync();
              toast.success(t("teams.members.left", { name: team.name }));
              onLeft();
            },
          })
        }
      >
        <LogOutIcon aria-hidden />
        {t("teams.members.leave")}
      </Button>
    </section>
  );
}
