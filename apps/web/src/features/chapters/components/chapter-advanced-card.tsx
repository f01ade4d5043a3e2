import { ChevronDownIcon } from "lucide-react";
import { useState } from "react";
import { Controller } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { SwitchRow } from "@/components/switch-row";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardHeader } from "@/components/ui/card";
import { Collapsible, CollapsibleContent, CollapsibleTrigger } from "@/components/ui/collapsible";
import type { ChapterEditorState } from "../hooks/use-chapter-editor";
import { CollaboratorsField } from "./collaborators-field";
import { TeamMultiSelect } from "./team-multi-select";

/** Advanced settings, folded by default: scrambling, donate and credit teams, collaborators. */
export function ChapterAdvancedCard({ editor }: { editor: ChapterEditorState }) {
  const { t } = useTranslation();
  const { form, pages, teams, collabCandidates } = editor;
  const { control } = form;
  const [advancedOpen, setAdvancedOpen] = useState(false);
  return (
    <Collapsible open={advancedOpen} onOpenChange={setAdvancedOpen} asChild>
      <Card>
        <CardHeader>
          <CollapsibleTrigger asChild>
            <Button type="button" variant="ghost" className="-mx-2 h-auto justify-between px-2 py-1">
              <span className="grid text-left">
                <span className="font-semibold">{t("chapters.editor.advanced")}</span>
                <span className="whitespace-normal font-normal text-muted-foreground text-xs">
                  {t("chapters.editor.advancedHint")}
                </span>
              </span>
              <ChevronDownIcon
                aria-hidden
                className={advancedOpen ? "rotate-180 transition-transform" : "transition-transform"}
              />
            </Button>
          </CollapsibleTrigger>
        </CardHeader>
        <CollapsibleContent>
          <CardContent className="grid gap-4">
            <Controller
              control={control}
              name="scrambled"
              render={({ field }) => (
                <SwitchRow
                  label={t("chapters.editor.scrambled")}
                  hint={`${t("chapters.editor.scrambledHint")} ${pages.length > 0 ? t("chapters.editor.scrambledLocked") : ""}`}
                  checked={field.value}
                  onCheckedChange={field.onChange}
                />
              )}
            />
            {pages.some((p) => p.key) && <Badge variant="outline">{t("chapters.badge.scrambled")}</Badge>}
            <Controller
              control={control}
              name="donateTeamIds"
              render={({ field }) => (
                <TeamMultiSelect
                  label={t("chapters.editor.donateTeams")}
                  hint={t("chapters.editor.teamsHint")}
                  teams={teams}
                  value={field.value}
                  onChange={field.onChange}
                />
              )}
            />
            <Controller
              control={control}
              name="hideDonate"
              render={({ field }) => (
                <SwitchRow
                  label={t("chapters.editor.hideDonate")}
                  checked={field.value}
                  onCheckedChange={field.onChange}
                />
              )}
            />
            <Controller
              control={control}
              name="creditTeamIds"
              render={({ field }) => (
                <TeamMultiSelect
                  label={t("chapters.editor.creditTeams")}
                  hint={t("chapters.editor.teamsHint")}
                  teams={teams}
                  value={field.value}
                  onChange={field.onChange}
                />
              )}
            />
            <Controller
              control={control}
              name="hideCredit"
              render={({ field }) => (
                <SwitchRow
                  label={t("chapters.editor.hideCredit")}
                  checked={field.value}
                  onCheckedChange={field.onChange}
                />
              )}
            />
            <Controller
              control={control}
              name="collaboratingTeams"
              render={({ field }) => (
                <CollaboratorsField
                  value={field.value}
                  candidates={collabCandidates}
                  onChange={field.onChange}
                />
              )}
            />
          </CardContent>
        </CollapsibleContent>
      </Card>
    </Collapsible>
  );
}
