import type { ComicDetail } from "@vt/shared/api-schemas";
import { TRASH_DAYS } from "@vt/shared/contracts/trash";
import { GitMergeIcon, ShieldAlertIcon, Trash2Icon } from "lucide-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useModal } from "@/components/modal/use-modal";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { toast } from "@/lib/toast";
import { useDeleteComic } from "../api/delete-comic";
import { AdminMergeDialog } from "./admin-merge-dialog";

/** Platform admins only: delete the comic (cannot be undone) or merge it into another, at once. */
export function AdminActionsCard({
  comic,
  onDeleted,
  onMerged,
}: {
  comic: ComicDetail;
  onDeleted: () => void;
  onMerged: (targetComicId: number) => void;
}) {
  const { t } = useTranslation();
  const modal = useModal();
  const remove = useDeleteComic(comic.id);
  const [merging, setMerging] = useState(false);
  return (
    <Card className="border-destructive/40">
      <CardHeader>
        <CardTitle className="flex items-center gap-2 text-base">
          <ShieldAlertIcon aria-hidden className="size-4 text-destructive" />
          {t("comics.admin.title")}
        </CardTitle>
        <CardDescription>{t("comics.admin.description")}</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-wrap gap-2">
        <Button
          variant="destructive"
          size="sm"
          onClick={() =>
            void modal.confirm({
              title: t("comics.admin.confirmDeleteTitle", { title: comic.title }),
              description: t("comics.admin.confirmDeleteDescription", { days: TRASH_DAYS }),
              confirmLabel: t("comics.admin.delete"),
              destructive: true,
              onConfirm: async () => {
                const done = await remove.mutateAsync().catch(() => undefined);
                if (!done) return;
                toast.success(t("success.deleted"));
                onDeleted();
              },
            })
          }
        >
          <Trash2Icon aria-hidden />
          {t("comics.admin.delete")}
        </Button>
        <Button variant="outline" size="sm" onClick={() => setMerging(true)}>
          <GitMergeIcon aria-hidden />
          {t("comics.admin.merge")}
        </Button>
      </CardContent>
      <AdminMergeDialog comic={comic} open={merging} onOpenChange={setMerging} onMerged={onMerged} />
    </Card>
  );
}
