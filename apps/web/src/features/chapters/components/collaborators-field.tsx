import type { TTeamRef } from "@vt/shared/contracts/comics";
import { PlusIcon, XIcon } from "lucide-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useModal } from "@/components/modal/use-modal";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Label } from "@/components/ui/label";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/components/ui/select";

/** Collaborating teams of a chapter; adding or removing one asks for a confirmation (spec §8). */
export function CollaboratorsField({
  value,
  candidates,
  onChange,
}: {
  value: readonly TTeamRef[];
  candidates: readonly TTeamRef[];
  onChange: (teams: TTeamRef[]) => void;
}) {
  const { t } = useTranslation();
  const modal = useModal();
  const [pick, setPick] = useState("");
  const options = candidates.filter((c) => !value.some((v) => v.id === c.id));
  const add = async () => {
    const team = options.find((o) => String(o.id) === pick);
    if (!team) return;
    const ok = await modal.confirm({
      title: t("chapters.editor.collabAddTitle", { team: team.name }),
      description: t("chapters.editor.collabDescription"),
    });
    if (ok) {
      onChange([...value, team]);
      setPick("");
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
      {options.length > 0 && (
        <div className="flex gap-2">
          <Select value={pick} onValueChange={setPick}>
            <SelectTrigger className="min-w-0 flex-1" aria-label={t("chapters.editor.addCollaborator")}>
              <SelectValue placeholder={t("chapters.editor.addCollaborator")} />
            </SelectTrigger>
            <SelectContent>
              {options.map((team) => (
                <SelectItem key={team.id} value={String(team.id)}>
                  {team.name}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
          <Button type="button" variant="outline" onClick={() => void add()} disabled={!pick}>
            <PlusIcon aria-hidden />
            {t("chapters.editor.addCollaborator")}
          </Button>
        </div>
      )}
    </div>
  );
}
