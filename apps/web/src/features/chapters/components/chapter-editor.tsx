import { zodResolver } from "@hookform/resolvers/zod";
import { useQueryClient } from "@tanstack/react-query";
import { chapterLabel } from "@vt/shared/chapter-label";
import { CHAPTER_ORDER_ONESHOT } from "@vt/shared/constants";
import type { TChapterDetail } from "@vt/shared/contracts/chapters";
import type { TComicDetail, TTeamRef } from "@vt/shared/contracts/comics";
import { ChevronDownIcon, EyeIcon, InfoIcon, SaveIcon, SendIcon } from "lucide-react";
import { useEffect, useId, useMemo, useRef, useState } from "react";
import { Controller, useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { ConflictDialog } from "@/components/conflict/conflict-dialog";
import { useSaveConflict } from "@/components/conflict/use-save-conflict";
import { FormField } from "@/components/form-field";
import { RequiredFieldsAlert } from "@/components/required-fields-alert";
import { SwitchRow } from "@/components/switch-row";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { Checkbox } from "@/components/ui/checkbox";
import { Collapsible, CollapsibleContent, CollapsibleTrigger } from "@/components/ui/collapsible";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Progress } from "@/components/ui/progress";
import { formatDateTime } from "@/lib/date-format";
import { showErrorToast } from "@/lib/query-client";
import { toast } from "@/lib/toast";
import { type ConflictField, fieldOf, listChange } from "@/lib/version-conflict";
import { useCreateChapter } from "../api/create-chapter";
import { chapterQueryOptions } from "../api/get-chapter";
import { useUpdateChapter } from "../api/update-chapter";
import {
  type ChapterFormValues,
  chapterFormDefaults,
  formOrder,
  toChapterFields,
  ZChapterForm,
} from "../chapter-form-schema";
import { useLooseT } from "../hooks/use-chapter-label";
import { usePagesSession } from "../hooks/use-pages-session";
import { type AddResult, pagesSession } from "../pages-session";
import { ChapterPreviewDialog } from "./chapter-preview-dialog";
import { ChapterStateBadges } from "./chapter-state-badge";
import { CollaboratorsField } from "./collaborators-field";
import { CreditedTeamField } from "./credited-team-field";
import { PageDropzone } from "./page-dropzone";
import { PageGrid } from "./page-grid";
import { TeamMultiSelect } from "./team-multi-select";

/**
 * The chapter form (new and edit) with its pages. A new chapter becomes a draft on the server as
 * soon as its first pages are dropped (they upload into it); Save/Publish stay disabled until every
 * page is stored, and send the page order in the same request.
 */
export function ChapterEditor({
  comic,
  chapter,
  nextOrder,
  publishDelayHours = 0,
  splitTallStrips = false,
  onCreated,
}: {
  comic: TComicDetail;
  /** Undefined for the new-chapter form. */
  chapter: TChapterDetail | undefined;
  nextOrder: number;
  /** The uploading team's publish delay: a new chapter's scheduled date starts at now + this. */
  publishDelayHours?: number;
  /** The team's default of the page drop's "split tall strips" option. */
  splitTallStrips?: boolean;
  onCreated: (chapterId: number) => void;
}) {
  const { t, i18n } = useTranslation();
  const looseT = useLooseT();
  const queryClient = useQueryClient();
  const pagesErrorId = useId();
  const [chapterId, setChapterId] = useState<number | null>(chapter?.id ?? null);
  const { session, pages } = usePagesSession(chapterId);
  const create = useCreateChapter();
  const update = useUpdateChapter(chapterId ?? 0);
  const [pagesError, setPagesError] = useState<string | undefined>();
  const [advancedOpen, setAdvancedOpen] = useState(false);
  const [previewOpen, setPreviewOpen] = useState(false);
  const [missing, setMissing] = useState(0);
  // A new chapter is credited to one of my teams that may upload (the first by default; a select
  // when there are several). Fixed once the draft exists.
  const [creditedTeamId, setCreditedTeamId] = useState<number | undefined>(comic.can.teams[0]?.id);
  const [splitChoice, setSplitChoice] = useState<boolean | null>(null);
  const split = splitChoice ?? splitTallStrips;
  const splitId = useId();

  const form = useForm<ChapterFormValues>({
    resolver: zodResolver(ZChapterForm),
    defaultValues: chapterFormDefaults(chapter, nextOrder, publishDelayHours),
  });
  const { register, control, formState, watch } = form;
  const values = watch();
  const publishing = useRef<boolean | undefined>(undefined);
  const fieldError = (name: keyof ChapterFormValues, field: string) => {
    const message = formState.errors[name]?.message;
    return message ? t(message as "validation.required", { field }) : undefined;
  };

  // The pages of the chapter as first shown; later copies of the server go through the conflict
  // guard below, which never lets a stale copy or a newer one replace unsaved edits silently.
  // biome-ignore lint/correctness/useExhaustiveDependencies: once per chapter
  useEffect(() => {
    if (!chapter) return;
    setChapterId(chapter.id);
    const s = pagesSession(chapter.id);
    s.load(chapter);
    setMissing(s.missingFromLastVisit());
  }, [chapter?.id]);

  const conflictFields = useMemo((): ConflictField<TChapterDetail>[] => {
    const flag = (on: unknown) => (on ? t("conflict.on") : t("conflict.off"));
    const names = (ids: unknown) => {
      const known = [comic.team, ...comic.collaborators, ...comic.can.teams];
      const list = (ids as number[]).map((id) => known.find((team) => team.id === id)?.name ?? `#${id}`);
      return list.length ? list.join(", ") : "—";
    };
    return [
      fieldOf("name", t("chapters.editor.name")),
      fieldOf("order", t("chapters.editor.order"), (order) =>
        order === CHAPTER_ORDER_ONESHOT ? t("chapters.editor.oneshot") : String(order),
      ),
      fieldOf("volume", t("chapters.editor.volume"), (volume) => (volume === null ? "—" : String(volume))),
      fieldOf("publishAt", t("chapters.editor.scheduledAt"), (at) =>
        at === null ? "—" : formatDateTime(at, i18n.language),
      ),
      {
        label: t("chapters.pages.title"),
        get: (c) => c.pages.map((p) => p.id),
        formatChange: listChange((count, reordered) =>
          t(reordered ? "conflict.pageOrderChanged" : "conflict.pages", { count }),
        ),
      },
      fieldOf("hidden", t("chapters.editor.hidden"), flag),
      fieldOf("hideOrder", t("chapters.editor.hideOrder"), flag),
      fieldOf("hideDefaultOrder", t("chapters.editor.hideDefaultOrder"), flag),
      fieldOf("scrambled", t("chapters.editor.scrambled"), flag),
      fieldOf("donateTeamIds", t("chapters.editor.donateTeams"), names),
      fieldOf("hideDonate", t("chapters.editor.hideDonate"), flag),
      fieldOf("creditTeamIds", t("chapters.editor.creditTeams"), names),
      fieldOf("hideCredit", t("chapters.editor.hideCredit"), flag),
      fieldOf("collaboratingTeams", t("chapters.editor.collaborators")),
    ];
  }, [t, i18n.language, comic]);

  const conflict = useSaveConflict<TChapterDetail>({
    server: chapter,
    subject: chapter ? chapterLabel(chapter, looseT) : t("chapters.editor.newTitle"),
    fields: conflictFields,
    dirty: formState.isDirty || (session?.hasChanges() ?? false),
    reset: (c, keepDirty) => {
      const s = pagesSession(c.id);
      if (keepDirty) s.load(c);
      else s.saved(c);
      form.reset(chapterFormDefaults(c), keepDirty ? { keepDirtyValues: true } : undefined);
    },
    fetchLatest: () => queryClient.fetchQuery({ ...chapterQueryOptions(chapter?.id ?? 0), staleTime: 0 }),
    onSaved: (detail) =>
      toast.success(
        detail.state === "scheduled"
          ? t("chapters.scheduled")
          : publishing.current
            ? t("chapters.published")
            : t("success.updated"),
      ),
  });
  useEffect(() => {
    if (session) session.scramble = values.scrambled;
  }, [session, values.scrambled]);

  const busy = pages.some((p) => p.state === "queued" || p.state === "processing" || p.state === "uploading");
  const failed = pages.some((p) => p.state === "error");
  const stored = pages.filter((p) => p.state === "done" && p.id !== undefined).length;
  useEffect(() => {
    if (!busy) return;
    const warn = (e: BeforeUnloadEvent) => {
      e.preventDefault();
    };
    window.addEventListener("beforeunload", warn);
    return () => window.removeEventListener("beforeunload", warn);
  }, [busy]);

  const report = (result: AddResult) => {
    if (result.added > 0) setPagesError(undefined);
    if (result.skipped > 0) toast.info(t("chapters.pages.skipped", { count: result.skipped }));
    if (result.rejected.length > 0) {
      toast.error(t("errors.uploadFailed"), {
        description: result.rejected
          .slice(0, 5)
          .map((r) =>
            t("chapters.pages.rejected", { file: r.name, reason: looseT(r.problem.key, r.problem.params) }),
          )
          .join("\n"),
      });
    }
    setMissing(0);
  };

  const onFiles = async (files: File[]) => {
    if (files.length === 0) return;
    if (chapterId !== null) {
      const s = pagesSession(chapterId);
      s.splitTallStrips = split;
      report(await s.add(files));
      return;
    }
    // A new chapter: its details must be valid to create the draft the pages upload into.
    const ok = await form.trigger();
    if (!ok) return;
    try {
      const created = await create.mutateAsync({
        comicId: comic.id,
        ...(creditedTeamId === undefined ? {} : { teamId: creditedTeamId }),
        ...toChapterFields(form.getValues()),
      });
      conflict.adopt(created);
      const s = pagesSession(created.id);
      s.load(created);
      s.scramble = form.getValues().scrambled;
      s.splitTallStrips = split;
      setChapterId(created.id);
      toast.success(t("chapters.editor.created"));
      report(await s.add(files));
      onCreated(created.id);
    } catch (error) {
      showErrorToast(error);
    }
  };

  const save = (publish: boolean | undefined) =>
    form.handleSubmit(
      async (v) => {
        if (pages.length === 0 || chapterId === null || !session) {
          setPagesError(t("validation.pagesRequired"));
          return;
        }
        if (!session.allStored()) return;
        publishing.current = publish;
        try {
          // Based on the version the form shows; a 409 opens the conflict dialog.
          await conflict.save((version) =>
            update.mutateAsync({
              ...toChapterFields(v),
              version,
              pages: session.pageIds().map((id) => ({ id })),
              ...(publish === undefined ? {} : { publish }),
            }),
          );
        } catch (error) {
          showErrorToast(error);
        }
      },
      () => {
        if (pages.length === 0) setPagesError(t("validation.pagesRequired"));
      },
    );

  const teams = useMemo(() => {
    const all: TTeamRef[] = [
      comic.team,
      ...comic.collaborators,
      ...(chapter ? [chapter.team] : []),
      ...values.collaboratingTeams,
    ];
    return all.filter((team, i) => all.findIndex((x) => x.id === team.id) === i);
  }, [comic, chapter, values.collaboratingTeams]);
  const ownTeamId = chapter?.team.id ?? creditedTeamId;

  const order = formOrder(values);
  const label =
    order === null ? "" : chapterLabel({ name: values.name, order, hideOrder: values.hideOrder }, looseT);
  const isDraft = !chapter || chapter.status === "draft";
  const saveDisabled = busy || failed || update.isPending || create.isPending;
  const previewPages = pages
    .filter((p) => p.state === "done" && p.src)
    .map((p) => ({ src: p.src!, key: p.key }));

  return (
    <form
      noValidate
      onSubmit={save(isDraft ? true : undefined)}
      className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_20rem]"
    >
      <div className="grid min-w-0 content-start gap-6">
        {chapter && isDraft && (
          <p className="flex items-start gap-2 rounded-lg border border-dashed bg-muted/40 p-3 text-sm">
            <InfoIcon aria-hidden className="mt-0.5 size-4 shrink-0" />
            {t("chapters.editor.draftNotice")}
          </p>
        )}
        {missing > 0 && (
          <p
            role="status"
            className="flex items-start gap-2 rounded-lg border border-amber-500/50 bg-amber-500/10 p-3 text-sm"
          >
            <InfoIcon aria-hidden className="mt-0.5 size-4 shrink-0" />
            {t("chapters.editor.resumeNotice", { count: missing })}
          </p>
        )}
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
                disabled={chapterId !== null || create.isPending}
              />
            )}
            <FormField
              label={t("chapters.editor.name")}
              error={fieldError("name", t("chapters.editor.name"))}
            >
              <Input
                placeholder={t("chapters.editor.namePlaceholder")}
                maxLength={255}
                {...register("name")}
              />
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
            <Controller
              control={control}
              name="hideOrder"
              render={({ field }) => (
                <SwitchRow
                  label={t("chapters.editor.hideOrder")}
                  hint={t("chapters.editor.hideOrderHint")}
                  checked={field.value}
                  onCheckedChange={field.onChange}
                />
              )}
            />
            {label && (
              <p className="text-muted-foreground text-sm" aria-live="polite">
                {t("chapters.editor.preview", { label })}
              </p>
            )}
          </CardContent>
        </Card>

        <Card>
          <CardHeader className="flex flex-row flex-wrap items-center justify-between gap-2">
            <CardTitle>
              {t("chapters.pages.title")}{" "}
              <span className="font-normal text-muted-foreground text-sm">
                {t("chapters.pages.count", { count: pages.length })}
              </span>
            </CardTitle>
            <Button
              type="button"
              variant="outline"
              size="sm"
              onClick={() => setPreviewOpen(true)}
              disabled={previewPages.length === 0}
            >
              <EyeIcon aria-hidden />
              {t("chapters.list.view")}
            </Button>
          </CardHeader>
          <CardContent className="grid gap-4">
            <PageDropzone
              onFiles={(files) => void onFiles(files)}
              disabled={create.isPending}
              invalid={!!pagesError}
              describedBy={pagesError ? pagesErrorId : undefined}
            />
            <div className="flex items-start gap-2">
              <Checkbox
                id={splitId}
                checked={split}
                onCheckedChange={(checked) => setSplitChoice(checked === true)}
                aria-describedby={`${splitId}-hint`}
              />
              <div className="grid gap-1">
                <Label htmlFor={splitId}>{t("chapters.pages.splitTall")}</Label>
                <p id={`${splitId}-hint`} className="text-muted-foreground text-xs">
                  {t("chapters.pages.splitTallHint")}
                </p>
              </div>
            </div>
            {pagesError && (
              <p id={pagesErrorId} role="alert" className="text-destructive text-sm">
                {pagesError}
              </p>
            )}
            {pages.length > 0 && (
              <div className="grid gap-1.5" aria-live="polite">
                <span className="text-muted-foreground text-sm">
                  {t("chapters.pages.progress", { done: stored, total: pages.length })}
                </span>
                <Progress value={pages.length ? Math.round((stored / pages.length) * 100) : 0} aria-hidden />
              </div>
            )}
            {session && pages.length > 0 && <PageGrid session={session} pages={pages} />}
          </CardContent>
        </Card>
      </div>

      <div className="grid content-start gap-6">
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
              <Input type="datetime-local" {...register("publishAt")} />
            </FormField>
            <Controller
              control={control}
              name="hidden"
              render={({ field }) => (
                <SwitchRow
                  label={t("chapters.editor.hidden")}
                  hint={t("chapters.editor.hiddenHint")}
                  checked={field.value}
                  onCheckedChange={field.onChange}
                />
              )}
            />
            <Controller
              control={control}
              name="hideDefaultOrder"
              render={({ field }) => (
                <SwitchRow
                  label={t("chapters.editor.hideDefaultOrder")}
                  hint={t("chapters.editor.hideDefaultOrderHint", { order: values.order || "1" })}
                  checked={field.value}
                  onCheckedChange={field.onChange}
                />
              )}
            />
            <RequiredFieldsAlert errors={formState.errors} />
            <div className="grid gap-2">
              {isDraft ? (
                <>
                  <Button type="submit" disabled={saveDisabled}>
                    <SendIcon aria-hidden />
                    {t("chapters.editor.publish")}
                  </Button>
                  <Button
                    type="button"
                    variant="outline"
                    disabled={saveDisabled}
                    onClick={() => void save(undefined)()}
                  >
                    <SaveIcon aria-hidden />
                    {t("chapters.editor.save")}
                  </Button>
                </>
              ) : (
                <Button type="submit" disabled={saveDisabled}>
                  <SaveIcon aria-hidden />
                  {update.isPending ? t("chapters.editor.saving") : t("chapters.editor.save")}
                </Button>
              )}
              {(busy || failed) && (
                <p className="text-muted-foreground text-xs">{t("chapters.editor.waitUploads")}</p>
              )}
            </div>
          </CardContent>
        </Card>

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
                    <CollaboratorsField value={field.value} ownTeamId={ownTeamId} onChange={field.onChange} />
                  )}
                />
              </CardContent>
            </CollapsibleContent>
          </Card>
        </Collapsible>
      </div>
      <ChapterPreviewDialog
        open={previewOpen}
        onOpenChange={setPreviewOpen}
        title={label || t("chapters.editor.newTitle")}
        pages={previewPages}
      />
      <ConflictDialog {...conflict.dialog} />
    </form>
  );
}
