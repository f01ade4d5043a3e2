import type { TTeamRef } from "@vt/shared/contracts/comics";
import { XIcon } from "lucide-react";
import { useTranslation } from "react-i18next";
import { useModal } from "@/components/modal/use-modal";
import { TeamSearchPicker } from "@/components/team-search-picker";
import { Badge } from "@/components/ui/badge";
import { Label } from "@/components/ui/label";

/**
 * Collaborating teams of a chapter, any team of the platform (found by name in the team
 * directory); adding or removing one asks for a confirmation.
 */
export function CollaboratorsField({
  value,
  ownTeamId,
  onChange,
}: {
  value: readonly TTeamRef[];
  /** The chapter's own team: never its own collaborator. */
  ownTeamId: number | undefined;
  onChange: (teams: TTeamRef[]) => void;
}) {
  const { t } = useTranslation();
  const modal = useModal();
  const add = async (team: TTeamRef) => {
    const ok = await modal.confirm({
      title: t("chapters.editor.collabAddTitle", { team: team.name }),
      description: t("chapters.editor.collabDescription"),
    });
    if (ok) {
      onChange([...value, team]);
    }
  };
  const remove = async (team: TTeamRef) => {
    const ok = await modal.confirm({
      title: t("chapters.editor.collabRemoveTitle", { team: team.name }),
      description: t("chapters.editor.collabDescription"),
      destructive: true,
    });
    if (ok) onChange(value.filter((v) => v.id !== team.id));
  };
  return (
    <div className="grid gap-2">
      <Label>{t("chapters.editor.collaborators")}</Label>
      <p className="text-muted-foreground text-xs">{t("chapters.editor.collaboratorsHint")}</p>
      <div className="flex flex-wrap gap-1.5">
        {value.length === 0 && (
          <span className="text-muted-foreground text-sm">{t("chapters.editor.noCollaborators")}</span>
        )}
        {value.map((team) => (
          <Badge key={team.id} variant="secondary" className="gap-1 py-1 pr-1">
            {team.name}
            <button
              type="button"
              className="rounded-sm p-0.5 hover:bg-background/60"
              aria-label={t("chapters.editor.removeCollaborator", { team: team.name })}
              onClick={() => void remove(team)}
            >
              <XIcon aria-hidden className="size-3" />
            </button>
          </Badge>
        ))}
      </div>
      <TeamSearchPicker
        label={t("chapters.editor.addCollaborator")}
        excludeIds={[...(ownTeamId === undefined ? [] : [ownTeamId]), ...value.map((team) => team.id)]}
        addLabel={(team) => t("chapters.editor.addCollaboratorNamed", { team: team.name })}
        onPick={(team) => void add(team)}
      />
    </div>
  );
}
