import { Controller } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { FormField } from "@/components/form-field";
import { SwitchField } from "@/components/switch-field";
import { SwitchRow } from "@/components/switch-row";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { Input } from "@/components/ui/input";
import type { ChapterEditorState } from "../hooks/use-chapter-editor";
import { CreditedTeamField } from "./credited-team-field";

/** The chapter's name, order, volume and how its label reads. */
export function ChapterBasicsCard({ editor }: { editor: ChapterEditorState }) {
  const { t } = useTranslation();
  const { comic, chapter, chapterId, creditedTeamId, setCreditedTeamId, creating } = editor;
  const { form, values, fieldError, label } = editor;
  const { register, control } = form;
  return (
    <Card>
      <CardHeader>
        <CardTitle>{t("chapters.editor.basics")}</CardTitle>
      </CardHeader>
      <CardContent className="grid gap-4">
        {!chapter && comic.can.teams.length > 1 && (
          <CreditedTeamField
            teams={comic.can.teams}
            value={creditedTeamId}
            onChange={setCreditedTeamId}
            disabled={chapterId !== null || creating}
          />
        )}
        <FormField label={t("chapters.editor.name")} error={fieldError("name", t("chapters.editor.name"))}>
          <Input placeholder={t("chapters.editor.namePlaceholder")} maxLength={255} {...register("name")} />
        </FormField>
        <div className="grid gap-4 sm:grid-cols-2">
          <FormField
            label={t("chapters.editor.order")}
            hint={t("chapters.editor.orderHint")}
            error={fieldError("order", t("chapters.editor.order"))}
          >
            <Input inputMode="decimal" disabled={values.oneshot} {...register("order")} />
          </FormField>
          <FormField
            label={t("chapters.editor.volume")}
            error={fieldError("volume", t("chapters.editor.volume"))}
          >
            <Input
              inputMode="decimal"
              placeholder={t("chapters.editor.volumePlaceholder")}
              {...register("volume")}
            />
          </FormField>
        </div>
        <Controller
          control={control}
          name="oneshot"
          render={({ field }) => (
            <SwitchRow
              label={t("chapters.editor.oneshot")}
              hint={t("chapters.editor.oneshotHint")}
              checked={field.value}
              onCheckedChange={(on) => {
                field.onChange(on);
                void form.trigger("order");
              }}
            />
          )}
        />
        <SwitchField
          control={control}
          name="hideOrder"
          label={t("chapters.editor.hideOrder")}
          hint={t("chapters.editor.hideOrderHint")}
        />
        {label && (
          <p className="text-muted-foreground text-sm" aria-live="polite">
            {t("chapters.editor.preview", { label })}
          </p>
        )}
      </CardContent>
    </Card>
  );
}
