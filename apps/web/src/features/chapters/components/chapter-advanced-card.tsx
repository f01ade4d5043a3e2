import { ChevronDownIcon } from "lucide-react";
import { Fragment, useState } from "react";
import { Controller } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { SwitchField } from "@/components/switch-field";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardHeader } from "@/components/ui/card";
import { Collapsible, CollapsibleContent, CollapsibleTrigger } from "@/components/ui/collapsible";
import type { ChapterEditorState } from "../hooks/use-chapter-editor";
import { CollaboratorsField } from "./collaborators-field";
import { TeamMultiSelect } from "./team-multi-select";

/** The donate and the credit teams of the chapter, each with its "hide" switch. */
const TEAM_CHOICES = [
  {
    teams: "donateTeamIds",
    hide: "hideDonate",
    label: "chapters.editor.donateTeams",
    hideLabel: "chapters.editor.hideDonate",
  },
  {
    teams: "creditTeamIds",
    hide: "hideCredit",
    label: "chapters.editor.creditTeams",
    hideLabel: "chapters.editor.hideCredit",
  },
] as const;

/** Advanced settings, folded by default: scrambling, donate and credit teams, collaborators. */
export function ChapterAdvancedCard({ editor }: { editor: ChapterEditorState }) {
  const { t } = useTranslation();
  const { form, pages, teams, ownTeamId } = editor;
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
            <SwitchField
              control={control}
              name="scrambled"
              label={t("chapters.editor.scrambled")}
              hint={`${t("chapters.editor.scrambledHint")} ${pages.length > 0 ? t("chapters.editor.scrambledLocked") : ""}`}
            />
            {pages.some((p) => p.key) && <Badge variant="outline">{t("chapters.badge.scrambled")}</Badge>}
            {TEAM_CHOICES.map((choice) => (
              <Fragment key={choice.teams}>
                <Controller
                  control={control}
                  name={choice.teams}
                  render={({ field }) => (
                    <TeamMultiSelect
                      label={t(choice.label)}
                      hint={t("chapters.editor.teamsHint")}
                      teams={teams}
                      value={field.value}
                      onChange={field.onChange}
                    />
                  )}
                />
                <SwitchField control={control} name={choice.hide} label={t(choice.hideLabel)} />
              </Fragment>
            ))}
            <Controller
              control={control}
              name="collaboratingTeams"
              render={({ field }) => (
                <CollaboratorsField value={field.value} ownTeamId={ownTeamId} onChange={field.onChange} />
              )}
            />
          </CardContent>
        </CollapsibleContent>
      </Card>
    </Collapsible>
  );
}
