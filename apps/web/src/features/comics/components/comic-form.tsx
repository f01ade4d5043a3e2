import { zodResolver } from "@hookform/resolvers/zod";
import type { ComicDetail } from "@vt/shared/api-schemas";
import { COMIC_STATUSES } from "@vt/shared/comic-status";
import {
  COMIC_ANOTHER_NAME_MAX,
  COMIC_COUPLES_MAX,
  COMIC_DESCRIPTION_MAX,
  COMIC_IMAGE_MAX_BYTES,
  COMIC_PEOPLE_MAX,
  COMIC_TITLE_MAX,
} from "@vt/shared/contracts/comics";
import { DOUJINSHI_GENRE } from "@vt/shared/genres";
import { LoaderCircleIcon, SaveIcon, SendIcon } from "lucide-react";
import { type ReactNode, useEffect, useMemo } from "react";
import { Controller, type Resolver, useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { ConflictDialog } from "@/components/conflict/conflict-dialog";
import { useSaveConflict, type VersionedWrite } from "@/components/conflict/use-save-conflict";
import { FormField } from "@/components/form-field";
import { RequiredFieldsAlert } from "@/components/required-fields-alert";
import { SelectField } from "@/components/select-field";
import { SwitchField } from "@/components/switch-field";
import { SwitchRow } from "@/components/switch-row";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { Input } from "@/components/ui/input";
import { Textarea } from "@/components/ui/textarea";
import type { PeoplePickers } from "@/lib/person-pickers";
import { toast } from "@/lib/toast";
import { useFieldError } from "@/lib/use-field-error";
import { type ConflictField, fieldOf } from "@/lib/version-conflict";
import {
  type ComicFormValues,
  type CreateComicFormInput,
  type CreateComicFormValues,
  comicToForm,
  emptyComicForm,
  isDoujinshi,
  ZComicFormValues,
  ZCreateComicFormValues,
} from "../comic-form-schema";
import { CouplesEditor } from "./couples-editor";
import { CoverPicker } from "./cover-picker";
import { GenrePicker } from "./genre-picker";
import { TeamSelectField } from "./team-field";

type Team = { id: number; name: string };

type CreateProps = {
  mode: "create";
  teams: Team[];
  coverPercent: number | null;
  onSubmit: (values: CreateComicFormValues) => Promise<unknown>;
};
type EditProps = {
  mode: "edit";
  /** The comic as stored (the query's copy); fresher copies go through the conflict guard. */
  comic: ComicDetail;
  /** Reads the stored comic now, bypassing the cache (for the conflict dialog). */
  fetchLatest: () => Promise<ComicDetail>;
  readOnly?: boolean;
  /** `save` sends the version the form is based on; a stale save opens the conflict dialog. */
  onSubmit: (
    values: ComicFormValues,
    save: (write: VersionedWrite<ComicDetail>) => Promise<ComicDetail | undefined>,
  ) => Promise<unknown>;
};

/**
 * The comic form of /comics/upload (with the acting team and the cover) and /comics/{id}/info:
 * title, alternative name, description, status, authors and artists (search or create), the
 * synchronise-artists option, genres, the 18+ flag, and the couples of a doujinshi.
 */
export function ComicForm(
  props: (CreateProps | EditProps) & { pickers: PeoplePickers; submitting: boolean },
) {
  const { t } = useTranslation();
  const fieldError = useFieldError();
  const { pickers, submitting } = props;
  const create = props.mode === "create";
  const readOnly = props.mode === "edit" && props.readOnly === true;
  const teams = create ? props.teams : [];
  const comic = props.mode === "edit" ? props.comic : undefined;
  const initial = useMemo(() => (comic ? comicToForm(comic) : undefined), [comic]);

  const form = useForm<CreateComicFormInput>({
    // One form for both pages: the create schema adds the team and the cover.
    resolver: zodResolver(
      create ? ZCreateComicFormValues : ZComicFormValues,
    ) as unknown as Resolver<CreateComicFormInput>,
    defaultValues: {
      ...(initial ?? emptyComicForm()),
      teamId: teams.length === 1 ? teams[0]!.id : null,
      cover: null,
    },
  });
  const { errors, isDirty } = form.formState;

  const conflictFields = useMemo((): ConflictField<ComicDetail>[] => {
    const flag = (on: unknown) => (on ? t("conflict.on") : t("conflict.off"));
    return [
      fieldOf("title", t("fields.title")),
      fieldOf("anotherName", t("fields.anotherName")),
      fieldOf("description", t("fields.description")),
      fieldOf("status", t("fields.status"), (status) => t(`comicStatus.${status}`)),
      fieldOf("authors", t("fields.authors")),
      fieldOf("syncArtistsWithAuthors", t("comics.form.syncArtists"), flag),
      fieldOf("artists", t("fields.artists")),
      fieldOf("genres", t("fields.genres")),
      fieldOf("isMature", t("comics.form.mature"), flag),
      fieldOf("couples", t("comics.form.doujinshi"), (couples) =>
        couples.length ? couples.map((couple) => couple.map((c) => c.name).join(" × ")).join(", ") : "—",
      ),
    ];
  }, [t]);
  // The edit form follows the stored comic (new authors come back with their ids after a save)
  // without letting a fresher copy replace unsaved edits silently.
  const conflict = useSaveConflict<ComicDetail>({
    server: comic,
    subject: comic ? `“${comic.title}”` : "",
    fields: conflictFields,
    dirty: isDirty,
    reset: (record, keepDirty) =>
      form.reset(
        { ...comicToForm(record), teamId: null, cover: null },
        keepDirty ? { keepDirtyValues: true } : undefined,
      ),
    fetchLatest: props.mode === "edit" ? props.fetchLatest : () => Promise.reject(new Error("create")),
    onSaved: () => toast.success(t("success.updated")),
  });

  const cover = form.watch("cover");
  const coverUrl = useMemo(() => (cover ? URL.createObjectURL(cover) : null), [cover]);
  useEffect(() => () => void (coverUrl && URL.revokeObjectURL(coverUrl)), [coverUrl]);

  const genres = form.watch("genres");
  const sync = form.watch("syncArtistsWithAuthors");
  const doujinshi = isDoujinshi(genres);

  const submit = form.handleSubmit(async (values) => {
    if (props.mode === "edit") await props.onSubmit(values as ComicFormValues, conflict.save);
    else await props.onSubmit(values as CreateComicFormValues);
  });

  const statusOptions = COMIC_STATUSES.map((status) => ({
    value: status,
    label: t(`comicStatus.${status}`),
  }));
  const submitLabel = create
    ? submitting
      ? t("comics.form.creating")
      : t("comics.form.create")
    : submitting
      ? t("comics.form.saving")
      : t("comics.form.save");

  return (
    <form noValidate onSubmit={submit} className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_auto]">
      <fieldset disabled={readOnly || submitting} className="grid min-w-0 content-start gap-6">
        <Section title={t("comics.form.basics")}>
          {create && teams.length > 1 && (
            <TeamSelectField
              control={form.control}
              name="teamId"
              teams={teams}
              label={t("comics.form.team")}
              hint={t("comics.form.teamHint")}
            />
          )}
          {create && teams.length === 1 && (
            <p className="rounded-lg bg-secondary/60 px-3 py-2 text-secondary-foreground text-sm">
              {t("comics.form.oneTeam", { team: teams[0]!.name })}
            </p>
          )}
          <FormField
            label={t("fields.title")}
            error={fieldError(errors.title, "title", { max: COMIC_TITLE_MAX })}
          >
            <Input
              autoComplete="off"
              placeholder={t("comics.form.titlePlaceholder")}
              {...form.register("title")}
            />
          </FormField>
          <FormField
            label={t("fields.anotherName")}
            error={fieldError(errors.anotherName, "anotherName", { max: COMIC_ANOTHER_NAME_MAX })}
          >
            <Input
              autoComplete="off"
              placeholder={t("comics.form.anotherNamePlaceholder")}
              {...form.register("anotherName")}
            />
          </FormField>
          <FormField
            label={t("fields.description")}
            error={fieldError(errors.description, "description", { max: COMIC_DESCRIPTION_MAX })}
          >
            <Textarea
              rows={5}
              placeholder={t("comics.form.descriptionPlaceholder")}
              className="max-h-80"
              {...form.register("description")}
            />
          </FormField>
          <Controller
            control={form.control}
            name="status"
            render={({ field, fieldState }) => (
              <FormField label={t("fields.status")} error={fieldError(fieldState.error, "status")}>
                <SelectField
                  value={field.value}
                  placeholder={t("comics.status.choose")}
                  options={statusOptions}
                  onValueChange={field.onChange}
                  name={field.name}
                  disabled={readOnly}
                />
              </FormField>
            )}
          />
        </Section>

        <Section title={t("comics.form.people")}>
          <Controller
            control={form.control}
            name="authors"
            render={({ field, fieldState }) => (
              <pickers.People
                kind="author"
                label={t("fields.authors")}
                value={field.value}
                onChange={field.onChange}
                error={fieldError(fieldState.error, "authors", { max: COMIC_PEOPLE_MAX })}
                disabled={readOnly}
                max={COMIC_PEOPLE_MAX}
              />
            )}
          />
          <SwitchField
            control={form.control}
            name="syncArtistsWithAuthors"
            label={t("comics.form.syncArtists")}
            hint={t("comics.form.syncArtistsHint")}
            disabled={readOnly}
          />
          {sync ? (
            <p className="text-muted-foreground text-sm">{t("comics.form.artistsSynced")}</p>
          ) : (
            <Controller
              control={form.control}
              name="artists"
              render={({ field, fieldState }) => (
                <pickers.People
                  kind="artist"
                  label={t("fields.artists")}
                  value={field.value}
                  onChange={field.onChange}
                  error={fieldError(fieldState.error, "artists", { max: COMIC_PEOPLE_MAX })}
                  disabled={readOnly}
                  max={COMIC_PEOPLE_MAX}
                />
              )}
            />
          )}
        </Section>

        <Section title={t("comics.form.classification")}>
          <Controller
            control={form.control}
            name="genres"
            render={({ field, fieldState }) => (
              <GenrePicker
                label={t("fields.genres")}
                value={field.value}
                onChange={field.onChange}
                disabled={readOnly}
                error={fieldError(fieldState.error, "genres")}
              />
            )}
          />
          <SwitchField
            control={form.control}
            name="isMature"
            label={t("comics.form.mature")}
            hint={t("comics.form.matureHint")}
            disabled={readOnly}
          />
          <SwitchRow
            label={t("comics.form.doujinshi")}
            hint={t("comics.form.doujinshiHint")}
            checked={doujinshi}
            disabled={readOnly}
            onCheckedChange={(on) =>
              form.setValue(
                "genres",
                on ? [...genres, DOUJINSHI_GENRE] : genres.filter((slug) => slug !== DOUJINSHI_GENRE),
                { shouldDirty: true },
              )
            }
          />
          {doujinshi && (
            <Controller
              control={form.control}
              name="couples"
              render={({ field, fieldState }) => (
                <CouplesEditor
                  value={field.value}
                  onChange={field.onChange}
                  Character={pickers.Character}
                  disabled={readOnly}
                  max={COMIC_COUPLES_MAX}
                  error={fieldError(fieldState.error, "couples")}
                />
              )}
            />
          )}
        </Section>
      </fieldset>

      {create && (
        <div className="lg:sticky lg:top-20 lg:self-start">
          <Card>
            <CardContent className="pt-6">
              <Controller
                control={form.control}
                name="cover"
                render={({ field, fieldState }) => (
                  <CoverPicker
                    label={t("fields.cover")}
                    imageUrl={coverUrl}
                    maxBytes={COMIC_IMAGE_MAX_BYTES}
                    error={fieldError(fieldState.error, "cover")}
                    percent={create ? props.coverPercent : null}
                    disabled={submitting}
                    onPick={(file) => field.onChange(file)}
                  />
                )}
              />
            </CardContent>
          </Card>
        </div>
      )}

      <RequiredFieldsAlert errors={errors} className="lg:col-span-2" />
      {!readOnly && (
        <div className="flex justify-end gap-2 lg:col-span-2">
          <Button type="submit" disabled={submitting} size="lg">
            {submitting ? (
              <LoaderCircleIcon aria-hidden className="animate-spin" />
            ) : create ? (
              <SendIcon aria-hidden />
            ) : (
              <SaveIcon aria-hidden />
            )}
            {submitLabel}
          </Button>
        </div>
      )}
      {!create && <ConflictDialog {...conflict.dialog} />}
    </form>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle className="text-base">{title}</CardTitle>
      </CardHeader>
      <CardContent className="grid gap-4">{children}</CardContent>
    </Card>
  );
}
