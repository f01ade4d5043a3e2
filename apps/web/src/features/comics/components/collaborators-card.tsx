import type { ComicDetail } from "@vt/shared/api-schemas";
import { CrownIcon, XIcon } from "lucide-react";
import { useTranslation } from "react-i18next";
import { useModal } from "@/components/modal/use-modal";
import { TeamSearchPicker } from "@/components/team-search-picker";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { toast } from "@/lib/toast";
import { useUpdateCollab } from "../api/update-collab";

/**
 * The owning team and the other teams that may upload (collaborators and teams granted by a
 * permission request). Managers of the owning team add or remove collaborators, after a
 * confirmation; any team of the platform can be added (found by name in the team directory).
 */
export function CollaboratorsCard({ comic }: { comic: ComicDetail }) {
  const { t } = useTranslation();
  const modal = useModal();
  const collab = useUpdateCollab(comic.id);
  const taken = new Set([comic.team.id, ...comic.collaborators.map((team) => team.id)]);
  const manage = comic.can.manageCollab;

  const change = (team: { id: number; name: string }, action: "add" | "remove") =>
    modal.confirm({
      title: action === "add" ? t("comics.collab.confirmAddTitle") : t("comics.collab.confirmRemoveTitle"),
      description:
        action === "add"
          ? t("comics.collab.confirmAddDescription", { team: team.name, title: comic.title })
          : t("comics.collab.confirmRemoveDescription", { team: team.name, title: comic.title }),
      destructive: action === "remove",
      onConfirm: async () => {
        const done = await collab.mutateAsync({ teamId: team.id, action }).catch(() => undefined);
        if (!done) return;
        toast.success(done.message);
      },
    });

  return (
    <Card>
      <CardHeader>
        <CardTitle className="text-base">{t("comics.collab.title")}</CardTitle>
        <CardDescription>{t("comics.collab.description")}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-3">
        <ul className="grid gap-2">
          <li className="flex items-center justify-between gap-3 rounded-lg border px-3 py-2">
            <span className="truncate font-medium text-sm">{comic.team.name}</span>
            <Badge variant="secondary">
              <CrownIcon aria-hidden />
              {t("comics.collab.owner")}
            </Badge>
          </li>
          {comic.collaborators.map((team) => (
            <li key={team.id} className="flex items-center justify-between gap-3 rounded-lg border px-3 py-2">
              <span className="truncate text-sm">{team.name}</span>
              <span className="flex items-center gap-1">
                <Badge variant="outline">{t(`comics.collab.kind.${team.kind}`)}</Badge>
                {manage && (
                  <Button
                    variant="ghost"
                    size="icon-sm"
                    aria-label={t("comics.collab.remove", { team: team.name })}
                    onClick={() => void change(team, "remove")}
                  >
                    <XIcon aria-hidden />
                  </Button>
                )}
              </span>
            </li>
          ))}
        </ul>
        {comic.collaborators.length === 0 && (
          <p className="text-muted-foreground text-sm">{t("comics.collab.empty")}</p>
        )}
        {manage && (
          <TeamSearchPicker
            label={t("comics.collab.pick")}
            excludeIds={[...taken]}
            disabled={collab.isPending}
            addLabel={(team) => t("comics.collab.addNamed", { team: team.name })}
            onPick={(team) => void change(team, "add")}
          />
        )}
      </CardContent>
    </Card>
  );
}
