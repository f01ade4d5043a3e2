import { zodResolver } from "@hookform/resolvers/zod";
import { useQueryClient } from "@tanstack/react-query";
import type { Team } from "@vt/shared/api-schemas";
import { TEAM_IMAGE_MAX_BYTES, TEAM_IMAGE_MAX_MB } from "@vt/shared/contracts/images";
import {
  TEAM_LINK_FIELDS,
  TEAM_NAME_MAX,
  type TUpdateTeamRequest,
  ZUpdateTeamRequest,
} from "@vt/shared/contracts/teams";
import { useMemo } from "react";
import { type Control, useController, useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { ConflictDialog } from "@/components/conflict/conflict-dialog";
import { useSaveConflict } from "@/components/conflict/use-save-conflict";
import { DateInput } from "@/components/date-time-input";
import { FormField } from "@/components/form-field";
import { useModal } from "@/components/modal/use-modal";
import { RequiredFieldsAlert } from "@/components/required-fields-alert";
import { SaveBar } from "@/components/save-bar";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Input } from "@/components/ui/input";
import { formatDate } from "@/lib/date-format";
import { toast } from "@/lib/toast";
import { useFieldError } from "@/lib/use-field-error";
import { type ConflictField, fieldOf } from "@/lib/version-conflict";
import { teamQueryOptions } from "../api/get-team";
import { useUpdateTeam } from "../api/update-team";
import { type TeamImageKind, useRemoveTeamImage, useUploadTeamImage } from "../api/upload-team-image";
import { ImageUploadField } from "./image-upload-field";
import { TeamLinkFields } from "./team-link-fields";

const formValues = (team: Team): TUpdateTeamRequest => ({
  name: team.name,
  establishedAt: team.establishedAt ?? "",
  website: team.website,
  twitter: team.twitter,
  instagram: team.instagram,
  discord: team.discord,
  facebook: team.facebook,
});

/** /teams/{id}/info for managers and up: the info form (shared contract schema) and the two images. */
export function TeamInfoForm({ team }: { team: Team }) {
  const { t, i18n } = useTranslation();
  const fieldError = useFieldError();
  const queryClient = useQueryClient();
  const update = useUpdateTeam(team.id);
  const form = useForm({ resolver: zodResolver(ZUpdateTeamRequest), defaultValues: formValues(team) });
  const { errors, isDirty } = form.formState;
  const fields = useMemo(
    (): ConflictField<Team>[] => [
      fieldOf("name", t("fields.name")),
      fieldOf("establishedAt", t("fields.establishedAt"), (at) => (at ? formatDate(at, i18n.language) : "—")),
      ...TEAM_LINK_FIELDS.map((field) => fieldOf<Team, typeof field>(field, t(`fields.${field}`))),
    ],
    [t, i18n.language],
  );
  const conflict = useSaveConflict<Team>({
    server: team,
    subject: team.name,
    fields,
    dirty: isDirty,
    reset: (record, keepDirty) =>
      form.reset(formValues(record), keepDirty ? { keepDirtyValues: true } : undefined),
    fetchLatest: () => queryClient.fetchQuery({ ...teamQueryOptions(team.id), staleTime: 0 }),
    onSaved: () => toast.success(t("success.updated")),
  });

  const submit = form.handleSubmit(async (values) => {
    await conflict.save((version) => update.mutateAsync({ ...values, version })).catch(() => undefined);
  });
  // An image stored from this page is our own change: the form is now based on it.
  const onImageStored = (saved: Team) => {
    conflict.adopt(saved);
    // keepDirty: edits made before the upload stay unsaved edits (as in donate-form.tsx).
    form.reset(formValues(saved), { keepDirtyValues: true, keepDirty: true });
  };

  return (
    <div className="grid gap-6 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
      <form noValidate onSubmit={submit} className="grid content-start gap-6">
        <Card>
          <CardHeader>
            <CardTitle>{t("teams.info.basics")}</CardTitle>
            <CardDescription>{t("teams.info.basicsDescription")}</CardDescription>
          </CardHeader>
          <CardContent className="grid gap-4 sm:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]">
            <FormField
              label={t("fields.name")}
              error={fieldError(errors.name, "name", { max: TEAM_NAME_MAX })}
            >
              <Input autoComplete="off" {...form.register("name")} />
            </FormField>
            <FormField
              className="content-start"
              label={t("fields.establishedAt")}
              error={fieldError(errors.establishedAt, "establishedAt")}
            >
              <EstablishedAtInput control={form.control} />
            </FormField>
          </CardContent>
        </Card>
        <Card>
          <CardHeader>
            <CardTitle>{t("teams.info.links")}</CardTitle>
            <CardDescription>{t("teams.info.linksDescription")}</CardDescription>
          </CardHeader>
          <CardContent>
            <TeamLinkFields register={form.register as never} errors={errors} />
          </CardContent>
        </Card>
        <RequiredFieldsAlert errors={errors} />
        <SaveBar
          pending={update.isPending}
          label={t("teams.info.save")}
          pendingLabel={t("teams.info.saving")}
        />
      </form>
      <Card className="content-start self-start">
        <CardHeader>
          <CardTitle>{t("teams.info.images")}</CardTitle>
          <CardDescription>{t("teams.info.imagesDescription", { max: TEAM_IMAGE_MAX_MB })}</CardDescription>
        </CardHeader>
        <CardContent className="grid gap-6">
          <TeamImage team={team} kind="cover" onStored={onImageStored} />
          <TeamImage team={team} kind="logo" onStored={onImageStored} />
        </CardContent>
      </Card>
      <ConflictDialog {...conflict.dialog} />
    </div>
  );
}

function TeamImage({
  team,
  kind,
  onStored,
}: {
  team: Team;
  kind: TeamImageKind;
  onStored: (team: Team) => void;
}) {
  const { t } = useTranslation();
  const modal = useModal();
  const upload = useUploadTeamImage(team.id, kind);
  const remove = useRemoveTeamImage(team.id, kind);
  const label = t(`teams.image.${kind}`);
  return (
    <ImageUploadField
      label={label}
      image={team[kind]}
      maxBytes={TEAM_IMAGE_MAX_BYTES}
      shape={kind === "cover" ? "cover" : "square"}
      onUpload={async (file, onProgress) => {
        onStored(await upload.mutateAsync({ file, onProgress }));
        toast.success(t("success.updated"));
      }}
      onRemove={() =>
        modal.confirm({
          title: t("teams.image.removeConfirmTitle", { what: label.toLocaleLowerCase() }),
          description: t("teams.image.removeConfirmDescription"),
          confirmLabel: t("teams.image.remove"),
          destructive: true,
          onConfirm: async () => {
            onStored(await remove.mutateAsync());
            toast.success(t("success.deleted"));
          },
        })
      }
    />
  );
}

/** The founding day, typed as dd/mm/yyyy (DateInput); FormField's id and ARIA wiring pass through. */
function EstablishedAtInput({
  control,
  ...aria
}: {
  control: Control<TUpdateTeamRequest>;
  id?: string;
  "aria-invalid"?: boolean;
  "aria-describedby"?: string;
}) {
  const { field } = useController({ control, name: "establishedAt" });
  return (
    <DateInput
      {...aria}
      ref={field.ref}
      name={field.name}
      value={field.value ?? ""}
      onChange={field.onChange}
      onBlur={field.onBlur}
    />
  );
}
