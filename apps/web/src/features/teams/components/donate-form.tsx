import { zodResolver } from "@hookform/resolvers/zod";
import { useQueryClient } from "@tanstack/react-query";
import type { Team } from "@vt/shared/api-schemas";
import { TEAM_IMAGE_MAX_BYTES, TEAM_IMAGE_MAX_MB } from "@vt/shared/contracts/images";
import {
  DONATE_CONTENT_MAX,
  type TDonateSettings,
  type TUpdateDonateRequest,
  ZUpdateDonateRequest,
} from "@vt/shared/contracts/team-settings";
import { useMemo } from "react";
import { useForm, useWatch } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { ConflictDialog } from "@/components/conflict/conflict-dialog";
import { useSaveConflict } from "@/components/conflict/use-save-conflict";
import { FormField } from "@/components/form-field";
import { RequiredFieldsAlert } from "@/components/required-fields-alert";
import { SaveBar } from "@/components/save-bar";
import { SwitchField } from "@/components/switch-field";
import { Card, CardContent } from "@/components/ui/card";
import { Textarea } from "@/components/ui/textarea";
import { toast } from "@/lib/toast";
import { useFieldError } from "@/lib/use-field-error";
import { type ConflictField, fieldOf } from "@/lib/version-conflict";
import { donateSettingsQueryOptions } from "../api/get-donate-settings";
import { useUpdateDonateSettings, useUploadDonateQr } from "../api/update-donate-settings";
import { ImageUploadField } from "./image-upload-field";
import { ReadOnlyNote } from "./team-layout";

const formValues = (settings: TDonateSettings): TUpdateDonateRequest => ({
  enabled: settings.enabled,
  qrImage: settings.qrImage?.key ?? null,
  content: settings.content,
  showInEachChapter: settings.showInEachChapter,
});

/**
 * /teams/{id}/donate: enabled, QR code, message, show in each chapter. The QR code is stored as
 * soon as it uploads (POST .../donate/qr); removing it and the other fields are saved with "Save".
 */
export function DonateForm({ team, settings }: { team: Team; settings: TDonateSettings }) {
  const { t } = useTranslation();
  const fieldError = useFieldError();
  const update = useUpdateDonateSettings(team.id);
  const uploadQr = useUploadDonateQr(team.id);
  const readOnly = !team.can.manage;
  const queryClient = useQueryClient();
  const form = useForm({ resolver: zodResolver(ZUpdateDonateRequest), defaultValues: formValues(settings) });
  const fields = useMemo((): ConflictField<TDonateSettings>[] => {
    const flag = (on: unknown) => (on ? t("conflict.on") : t("conflict.off"));
    return [
      fieldOf("enabled", t("teams.donate.enabled"), flag),
      fieldOf("showInEachChapter", t("teams.donate.showInEachChapter"), flag),
      fieldOf("content", t("fields.content")),
      {
        label: t("fields.qrCode"),
        get: (s) => s.qrImage?.key ?? null,
        formatChange: (a, b) => ({
          before: a ? t("conflict.present") : t("conflict.absent"),
          now: b ? (a ? t("teams.donate.qrReplaced") : t("conflict.present")) : t("conflict.absent"),
        }),
      },
    ];
  }, [t]);
  // The form follows the server (a refetch after a cached first paint, an upload) but never
  // replaces what the user changed without saying so.
  const conflict = useSaveConflict<TDonateSettings>({
    server: settings,
    subject: t("teams.donate.subject", { team: team.name }),
    fields,
    dirty: form.formState.isDirty,
    reset: (record, keepDirty) =>
      form.reset(formValues(record), keepDirty ? { keepDirtyValues: true } : undefined),
    fetchLatest: () => queryClient.fetchQuery({ ...donateSettingsQueryOptions(team.id), staleTime: 0 }),
    onSaved: () => toast.success(t("success.updated")),
  });
  const qrKey = useWatch({ control: form.control, name: "qrImage" });
  // The picture shown: the stored QR code unless the user removed it (not saved yet).
  const qrImage = qrKey && settings.qrImage?.key === qrKey ? settings.qrImage : null;

  const submit = form.handleSubmit(async (values) => {
    await conflict.save((version) => update.mutateAsync({ ...values, version })).catch(() => undefined);
  });

  return (
    <form noValidate onSubmit={submit} className="grid gap-6">
      {readOnly && <ReadOnlyNote />}
      <fieldset disabled={readOnly} className="grid gap-6 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
        <Card className="self-start">
          <CardContent className="grid gap-4">
            {(["enabled", "showInEachChapter"] as const).map((name) => (
              <SwitchField
                key={name}
                control={form.control}
                name={name}
                label={t(`teams.donate.${name}`)}
                hint={t(`teams.donate.${name}Hint`)}
                disabled={readOnly}
              />
            ))}
            <FormField
              label={t("fields.content")}
              hint={t("teams.donate.contentHint", { max: DONATE_CONTENT_MAX })}
              error={fieldError(form.formState.errors.content, "content", { max: DONATE_CONTENT_MAX })}
            >
              <Textarea
                rows={5}
                maxLength={DONATE_CONTENT_MAX}
                placeholder={t("teams.donate.contentPlaceholder")}
                readOnly={readOnly}
                {...form.register("content")}
              />
            </FormField>
          </CardContent>
        </Card>
        <Card className="self-start">
          <CardContent className="grid gap-2">
            <ImageUploadField
              label={t("fields.qrCode")}
              image={qrImage}
              maxBytes={TEAM_IMAGE_MAX_BYTES}
              shape="square"
              readOnly={readOnly}
              onUpload={async (file, onProgress) => {
                const saved = await uploadQr.mutateAsync({ file, onProgress });
                conflict.adopt(saved);
                // keepDirty: edits made before the upload stay unsaved edits, so the server copy
                // the upload answered cannot replace them as if the form were untouched.
                form.reset(formValues(saved), { keepDirtyValues: true, keepDirty: true });
                form.setValue("qrImage", saved.qrImage?.key ?? null);
                toast.success(t("success.updated"));
              }}
              onRemove={() => form.setValue("qrImage", null, { shouldDirty: true })}
            />
            {!readOnly && (
              <p className="text-muted-foreground text-xs">
                {t("teams.donate.qrHint", { max: TEAM_IMAGE_MAX_MB })}
              </p>
            )}
          </CardContent>
        </Card>
      </fieldset>
      <RequiredFieldsAlert errors={form.formState.errors} />
      {!readOnly && (
        <SaveBar
          pending={update.isPending}
          label={t("teams.donate.save")}
          pendingLabel={t("teams.donate.saving")}
        />
      )}
      <ConflictDialog {...conflict.dialog} />
    </form>
  );
}
