import type { TTeamRef } from "@vt/shared/contracts/comics";
import { ChevronsUpDownIcon } from "lucide-react";
import { useId } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "@/components/ui/button";
import { Checkbox } from "@/components/ui/checkbox";
import { Label } from "@/components/ui/label";
import { Popover, PopoverContent, PopoverTrigger } from "@/components/ui/popover";

/** Several teams picked from a short list; an empty selection means "all teams". */
export function TeamMultiSelect({
  label,
  hint,
  teams,
  value,
  onChange,
}: {
  label: string;
  hint?: string;
  teams: readonly TTeamRef[];
  value: readonly number[];
  onChange: (ids: number[]) => void;
}) {
  const { t } = useTranslation();
  const id = useId();
  const chosen = teams.filter((team) => value.includes(team.id));
  const summary =
    chosen.length === 0
      ? t("chapters.editor.allTeams")
      : chosen.length <= 2
        ? chosen.map((team) => team.name).join(", ")
        : t("chapters.editor.teamsSelected", { count: chosen.length });
  return (
    <div className="grid gap-2">
      <Label htmlFor={id}>{label}</Label>
      <Popover>
        <PopoverTrigger asChild>
          <Button
            id={id}
            type="button"
            variant="outline"
            className="justify-between font-normal"
            aria-describedby={hint ? `${id}-hint` : undefined}
          >
            <span className="truncate">{summary}</span>
            <ChevronsUpDownIcon aria-hidden className="opacity-50" />
          </Button>
        </PopoverTrigger>
        <PopoverContent className="grid gap-1 p-2">
          {teams.map((team) => {
            const checked = value.includes(team.id);
            return (
              <div
                key={team.id}
                className="flex items-center gap-2 rounded-md px-2 py-1.5 text-sm hover:bg-accent"
              >
                <Checkbox
                  id={`${id}-team-${team.id}`}
                  checked={checked}
                  onCheckedChange={(on) =>
                    onChange(on === true ? [...value, team.id] : value.filter((v) => v !== team.id))
                  }
                />
                <Label htmlFor={`${id}-team-${team.id}`} className="flex-1 cursor-pointer font-normal">
                  {team.name}
                </Label>
              </div>
            );
          })}
        </PopoverContent>
      </Popover>
      {hint && (
        <p id={`${id}-hint`} className="text-muted-foreground text-xs">
          {hint}
        </p>
      )}
    </div>
  );
}
