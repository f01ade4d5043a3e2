import { SaveIcon, SendIcon } from "lucide-react";
import { type Control, useController } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { ActionButton } from "@/components/action-button";
import { DateTimeInput } from "@/components/date-time-input";
import { FormField } from "@/components/form-field";
import { RequiredFieldsAlert } from "@/components/required-fields-alert";
import { SwitchField } from "@/components/switch-field";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { cn } from "@/lib/utils";
import type { ChapterFormValues } from "../chapter-form-schema";
import type { ChapterEditorState } from "../hooks/use-chapter-editor";
import { ChapterStateBadges } from "./chapter-state-badge";

/** When and how the chapter is published, with the Save / Publish buttons. */
export function ChapterPublishingCard({ editor }: { editor: ChapterEditorState }) {
  const { t } = useTranslation();
  const { chapter, publishDelayHours, form, values, fieldError } = editor;
  const { control, formState } = form;
  return (
    <Card>
      <CardHeader className="flex flex-row items-center justify-between gap-2">
        <CardTitle>{t("chapters.editor.publishing")}</CardTitle>
        {chapter && <ChapterStateBadges chapter={chapter} />}
      </CardHeader>
      <CardContent className="grid gap-4">
        <FormField
          label={t("chapters.editor.scheduledAt")}
          hint={
            !chapter && publishDelayHours > 0
              ? `${t("chapters.editor.scheduledHint")} ${t("power.publishDelay.editorHint", { hours: publishDelayHours })}`
              : t("chapters.editor.scheduledHint")
          }
          error={fieldError("publishAt", t("chapters.editor.scheduledAt"))}
        >
          <PublishAtInput control={control} />
        </FormField>
        <SwitchField
          control={control}
          name="hidden"
          label={t("chapters.editor.hidden")}
          hint={t("chapters.editor.hiddenHint")}
        />
        <SwitchField
          control={control}
          name="hideDefaultOrder"
          label={t("chapters.editor.hideDefaultOrder")}
          hint={t("chapters.editor.hideDefaultOrderHint", { order: values.order || "1" })}
        />
        <RequiredFieldsAlert errors={formState.errors} />
        <ChapterActions editor={editor} className="max-lg:hidden" />
      </CardContent>
    </Card>
  );
}

/** The schedule field, typed as dd/mm/yyyy hh:mm; FormField's id and ARIA wiring pass through. */
function PublishAtInput({
  control,
  ...aria
}: {
  control: Control<ChapterFormValues>;
  id?: string;
  "aria-invalid"?: boolean;
  "aria-describedby"?: string;
}) {
  const { field } = useController({ control, name: "publishAt" });
  return (
    <DateTimeInput
      {...aria}
      ref={field.ref}
      name={field.name}
      value={field.value}
      onChange={field.onChange}
      onBlur={field.onBlur}
    />
  );
}

/**
 * Publish / Save and the "wait for the uploads" note. On a wide screen they close the publishing
 * card; on a narrower one (the cards stack, a chapter of a few pages is thousands of pixels tall)
 * the editor shows them in a bar stuck to the bottom of the screen instead, always reachable.
 */
export function ChapterActions({ editor, className }: { editor: ChapterEditorState; className?: string }) {
  const { t } = useTranslation();
  const { isDraft, saveDisabled, save, busy, failed, updating } = editor;
  return (
    <div className={cn("grid gap-2", className)}>
      {isDraft ? (
        <>
          <ActionButton
            type="submit"
            disabled={saveDisabled}
            icon={<SendIcon aria-hidden />}
            label={t("chapters.editor.publish")}
          />
          <ActionButton
            type="button"
            variant="outline"
            disabled={saveDisabled}
            onClick={() => void save(undefined)()}
            icon={<SaveIcon aria-hidden />}
            label={t("chapters.editor.save")}
          />
        </>
      ) : (
        <ActionButton
          type="submit"
          disabled={saveDisabled}
          icon={<SaveIcon aria-hidden />}
          label={updating ? t("chapters.editor.saving") : t("chapters.editor.save")}
        />
      )}
      {(busy || failed) && (
        <p className="text-muted-foreground text-xs">{t("chapters.editor.waitUploads")}</p>
      )}
    </div>
  );
}
