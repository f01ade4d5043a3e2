import type { Team } from "@vt/shared/api-schemas";
import { TRASH_DAYS } from "@vt/shared/contracts/trash";
import { Trash2Icon } from "lucide-react";
import { useTranslation } from "react-i18next";
import { useModal } from "@/components/modal/use-modal";
import { Button } from "@/components/ui/button";
import { toast } from "@/lib/toast";
import { useDeleteTeam } from "../api/delete-team";

/** The owner's (or an admin's) "delete team" zone, with a confirmation that says it cannot be undone. */
export function DeleteTeamCard({ team, onDeleted }: { team: Team; onDeleted: () => void }) {
  const { t } = useTranslation();
  const modal = useModal();
  const remove = useDeleteTeam(team.id);
  return (
    <section className="flex flex-col gap-3 rounded-xl border border-destructive/40 p-4 sm:flex-row sm:items-center">
      <div className="grid flex-1 gap-1">
        <h2 className="font-semibold">{t("teams.info.deleteTitle")}</h2>
        <p className="text-muted-foreground text-sm">
          {t("teams.info.deleteDescription", { days: TRASH_DAYS })}
        </p>
      </div>
      <Button
        variant="destructive"
        onClick={() =>
          modal.confirm({
            title: t("teams.info.deleteConfirmTitle", { name: team.name }),
            description: t("teams.info.deleteDescription", { days: TRASH_DAYS }),
            confirmLabel: t("teams.info.deleteAction"),
            destructive: true,
            onConfirm: async () => {
              await remove.mutateAsync();
              toast.success(t("success.deleted"));
              onDeleted();
            },
          })
        }
      >
        <Trash2Icon aria-hidden />
        {t("teams.info.deleteAction")}
      </Button>
    </section>
  );
}
