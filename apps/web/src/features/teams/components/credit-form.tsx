import { zodResolver } from "@hookform/resolvers/zod";
import { useQueryClient } from "@tanstack/react-query";
import type { Team } from "@vt/shared/api-schemas";
import { IMAGE_MIME_TYPES } from "@vt/shared/constants";
import { TEAM_IMAGE_MAX_BYTES, TEAM_IMAGE_MAX_MB } from "@vt/shared/contracts/images";
import {
  CREDIT_MAX_PAGES,
  CREDIT_TEXT_MAX,
  type TCreditSettings,
  type TUpdateCreditRequest,
  ZUpdateCreditRequest,
} from "@vt/shared/contracts/team-settings";
import { ImagePlusIcon } from "lucide-react";
import { useMemo, useRef, useState } from "react";
import { Controller, useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { ActionButton } from "@/components/action-button";
import { ConflictDialog } from "@/components/conflict/conflict-dialog";
import { useSaveConflict } from "@/components/conflict/use-save-conflict";
import { FormField } from "@/components/form-field";
import { RequiredFieldsAlert } from "@/components/required-fields-alert";
import { SaveBar } from "@/components/save-bar";
import { SwitchField } from "@/components/switch-field";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Progress } from "@/components/ui/progress";
import { Textarea } from "@/components/ui/textarea";
import { imageProblem } from "@/lib/image-file";
import { toast } from "@/lib/toast";
import { useFieldError } from "@/lib/use-field-error";
import { type ConflictField, fieldOf, listChange } from "@/lib/version-conflict";
import { creditSettingsQueryOptions } from "../api/get-credit-settings";
import { useUpdateCreditSettings, useUploadCreditPages } from "../api/update-credit-settings";
import { CreditPagesList } from "./credit-pages-list";
import { ReadOnlyNote } from "./team-layout";

const formValues = (settings: TCreditSettings): TUpdateCreditRequest => ({
  enabled: settings.enabled,
  text: settings.text,
  pages: settings.pages.map((page) => page.key),
});

/**
 * /teams/{id}/credit: enabled, text and the credit pages. New pages are stored as soon as they
 * upload (appended); their order, removals and the other fields are saved with "Save".
 */
export function CreditForm({ team, settings }: { team: Team; settings: TCreditSettings }) {
  const { t } = useTranslation();
  const fieldError = useFieldError();
  const update = useUpdateCreditSettings(team.id);
  const upload = useUploadCreditPages(team.id);
  const readOnly = !team.can.manage;
  const inputRef = useRef<HTMLInputElement>(null);
  const [uploading, setUploading] = useState<{ count: number; percent: number } | null>(null);
  const [pickError, setPickError] = useState<string | null>(null);
  const queryClient = useQueryClient();
  const form = useForm({ resolver: zodResolver(ZUpdateCreditRequest), defaultValues: formValues(settings) });
  const fields = useMemo(
    (): ConflictField<TCreditSettings>[] => [
      fieldOf("enabled", t("teams.credit.enabled"), (on) => (on ? t("conflict.on") : t("conflict.off"))),
      fieldOf("text", t("teams.credit.text")),
      {
        label: t("teams.credit.pages"),
        get: (s) => s.pages.map((page) => page.key),
        formatChange: listChange((count, reordered) =>
          t(reordered ? "conflict.pageOrderChanged" : "conflict.pages", { count }),
        ),
      },
    ],
    [t],
  );
  // The form follows the server (a refetch after a cached first paint, an upload) but never
  // replaces what the user changed without saying so.
  const conflict = useSaveConflict<TCreditSettings>({
    server: settings,
    subject: t("teams.credit.subject", { team: team.name }),
    fields,
    dirty: form.formState.isDirty,
    reset: (record, keepDirty) =>
      form.reset(formValues(record), keepDirty ? { keepDirtyValues: true } : undefined),
    fetchLatest: () => queryClient.fetchQuery({ ...creditSettingsQueryOptions(team.id), staleTime: 0 }),
    onSaved: () => toast.success(t("success.updated")),
  });
  // Every picture the server has told us about, including pages removed locally but not saved yet.
  const urls = useMemo(() => new Map(settings.pages.map((page) => [page.key, page.url])), [settings.pages]);

  const submit = form.handleSubmit(async (values) => {
    await conflict.save((version) => update.mutateAsync({ ...values, version })).catch(() => undefined);
  });

  async function addPages(files: File[]) {
    if (files.length === 0) return;
    const current = form.getValues("pages") ?? [];
    if (current.length + files.length > CREDIT_MAX_PAGES) {
      setPickError(t("validation.tooManyFiles", { max: String(CREDIT_MAX_PAGES) }));
      return;
    }
    for (const file of files) {
      const problem = await imageProblem(file, TEAM_IMAGE_MAX_BYTES);
      if (problem) {
        setPickError(
          `${file.name}: ${t(problem.key as "validation.fileTypeInvalid", { types: "", ...problem.params })}`,
        );
        return;
      }
    }
    setPickError(null);
    setUploading({ count: files.length, percent: 0 });
    try {
      const saved = await upload.mutateAsync({
        files,
        onProgress: (progress) => setUploading({ count: files.length, percent: progress.percent ?? 0 }),
      });
      // The server appended the new pages to its stored order; keep the local (unsaved) order and add them.
      const local = form.getValues("pages") ?? [];
      const added = saved.pages.map((page) => page.key).filter((key) => !local.includes(key));
      conflict.adopt(saved);
      // keepDirty: edits made before the upload stay unsaved edits (as in donate-form.tsx).
      form.reset(formValues(saved), { keepDirtyValues: true, keepDirty: true });
      form.setValue("pages", [...local, ...added]);
      toast.success(t("success.updated"));
    } catch {
      // Reported by the central error toast.
    } finally {
      setUploading(null);
    }
  }

  const dirty = form.formState.isDirty;

  return (
    <form noValidate onSubmit={submit} className="grid gap-6">
      {readOnly && <ReadOnlyNote />}
      <Card>
        <CardContent className="grid gap-4">
          <SwitchField
            control={form.control}
            name="enabled"
            label={t("teams.credit.enabled")}
            hint={t("teams.credit.enabledHint")}
            disabled={readOnly}
          />
          <FormField
            label={t("teams.credit.text")}
            error={fieldError(form.formState.errors.text, "content", { max: CREDIT_TEXT_MAX })}
          >
            <Textarea
              rows={3}
              maxLength={CREDIT_TEXT_MAX}
              readOnly={readOnly}
              placeholder={t("teams.credit.textPlaceholder")}
              {...form.register("text")}
            />
          </FormField>
        </CardContent>
      </Card>
      <Card>
        <CardHeader className="sm:grid-cols-[minmax(0,1fr)_auto]">
          <div className="grid gap-1.5">
            <CardTitle>{t("teams.credit.pages")}</CardTitle>
            <CardDescription>
              {t("teams.credit.pagesHint", { max: CREDIT_MAX_PAGES, size: TEAM_IMAGE_MAX_MB })}
            </CardDescription>
          </div>
          {!readOnly && (
            <div className="sm:row-span-2 sm:self-start">
              <input
                ref={inputRef}
                type="file"
                multiple
                accept={IMAGE_MIME_TYPES.join(",")}
                className="sr-only"
                tabIndex={-1}
                aria-label={t("teams.credit.addPages")}
                onChange={(event) => {
                  void addPages([...(event.target.files ?? [])]);
                  event.target.value = "";
                }}
              />
              <ActionButton
                variant="outline"
                pending={uploading !== null}
                icon={<ImagePlusIcon aria-hidden />}
                label={t("teams.credit.addPages")}
                onClick={() => inputRef.current?.click()}
              />
            </div>
          )}
        </CardHeader>
        <CardContent className="grid gap-4">
          {uploading && (
            <div className="grid gap-1.5" role="status">
              <span className="text-sm">
                {t("teams.credit.uploading", { count: uploading.count, percent: uploading.percent })}
              </span>
              <Progress value={uploading.percent} aria-label={t("teams.credit.addPages")} />
            </div>
          )}
          {pickError && (
            <p role="alert" className="text-destructive text-sm">
              {pickError}
            </p>
          )}
          {fieldError(form.formState.errors.pages, "pages", { max: CREDIT_MAX_PAGES }) && (
            <p role="alert" className="text-destructive text-sm">
              {fieldError(form.formState.errors.pages, "pages", { max: CREDIT_MAX_PAGES })}
            </p>
          )}
          <Controller
            control={form.control}
            name="pages"
            render={({ field }) =>
              (field.value ?? []).length === 0 ? (
                <p className="rounded-lg border border-dashed px-4 py-8 text-center text-muted-foreground text-sm">
                  {t("teams.credit.pagesEmpty")}
                </p>
              ) : (
                <CreditPagesList
                  keys={field.value ?? []}
                  urls={urls}
                  readOnly={readOnly}
                  onChange={(keys) => field.onChange(keys)}
                />
              )
            }
          />
        </CardContent>
      </Card>
      <RequiredFieldsAlert errors={form.formState.errors} />
      {!readOnly && (
        <SaveBar
          pending={update.isPending}
          label={t("teams.credit.save")}
          pendingLabel={t("teams.credit.saving")}
          note={dirty ? t("teams.credit.unsaved") : undefined}
        />
      )}
      <ConflictDialog {...conflict.dialog} />
    </form>
  );
}
