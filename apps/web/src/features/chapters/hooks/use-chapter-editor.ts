/**
 * The state of the chapter editor (components/chapter-editor.tsx): the form, its pages session, the
 * save-conflict guard, and what Save/Publish and dropped files do. A new chapter becomes a draft on
 * the server as soon as its first pages are dropped (they upload into it).
 */
import { useQueryClient } from "@tanstack/react-query";
import type { ComicDetail } from "@vt/shared/api-schemas";
import { chapterLabel } from "@vt/shared/chapter-label";
import { CHAPTER_ORDER_ONESHOT } from "@vt/shared/constants";
import type { TChapterDetail } from "@vt/shared/contracts/chapters";
import type { TTeamRef } from "@vt/shared/contracts/comics";
import { useEffect, useId, useMemo, useRef, useState } from "react";
import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { useSaveConflict } from "@/components/conflict/use-save-conflict";
import { useModal } from "@/components/modal/use-modal";
import { formatDateTime } from "@/lib/date-format";
import { lazyResolver } from "@/lib/lazy-resolver";
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
} from "../chapter-form-schema";
import { type AddResult, pagesSession } from "../pages-session";
import { useLooseT } from "./use-chapter-label";
import { usePageChecks } from "./use-page-checks";
import { usePagesSession } from "./use-pages-session";

/** The form's checks (zod), loaded with its first check: see chapter-form-validation.ts. */
const chapterFormResolver = lazyResolver<ChapterFormValues>(() =>
  import("../chapter-form-validation").then((m) => m.chapterFormResolver),
);

export type ChapterEditorProps = {
  comic: ComicDetail;
  /** Undefined for the new-chapter form. */
  chapter: TChapterDetail | undefined;
  nextOrder: number;
  /** The uploading team's publish delay: a new chapter's scheduled date starts at now + this. */
  publishDelayHours?: number;
  /** The team's default of the page drop's "split tall strips" option. */
  splitTallStrips?: boolean;
  onCreated: (chapterId: number) => void;
};

export function useChapterEditor({
  comic,
  chapter,
  nextOrder,
  publishDelayHours = 0,
  splitTallStrips = false,
  onCreated,
}: ChapterEditorProps) {
  const { t, i18n } = useTranslation();
  const looseT = useLooseT();
  const queryClient = useQueryClient();
  const pagesErrorId = useId();
  const [chapterId, setChapterId] = useState<number | null>(chapter?.id ?? null);
  const { session, pages } = usePagesSession(chapterId);
  const checks = usePageChecks(chapterId, pages);
  const modal = useModal();
  const create = useCreateChapter();
  const update = useUpdateChapter(chapterId ?? 0);
  const [pagesError, setPagesError] = useState<string | undefined>();
  const [missing, setMissing] = useState(0);
  // A new chapter is credited to one of my teams that may upload (the first by default; a select
  // when there are several). Fixed once the draft exists.
  const [creditedTeamId, setCreditedTeamId] = useState<number | undefined>(comic.can.teams[0]?.id);
  const [splitChoice, setSplitChoice] = useState<boolean | null>(null);
  const split = splitChoice ?? splitTallStrips;
  const splitId = useId();

  const form = useForm<ChapterFormValues>({
    resolver: chapterFormResolver,
    defaultValues: chapterFormDefaults(chapter, nextOrder, publishDelayHours),
  });
  const { formState, watch } = form;
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
        // Page checks are advice: publishing with findings left asks once, never refuses.
        if (publish) {
          const count = await checks.unresolved();
          if (
            count > 0 &&
            !(await modal.confirm({
              title: t("chapters.checks.confirmTitle"),
              description: t("chapters.checks.confirmDescription", { count }),
              confirmLabel: t("chapters.checks.confirmLabel"),
            }))
          )
            return;
        }
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

  return {
    comic,
    chapter,
    publishDelayHours,
    form,
    values,
    fieldError,
    session,
    pages,
    pagesError,
    pagesErrorId,
    missing,
    busy,
    failed,
    stored,
    onFiles,
    save,
    teams,
    ownTeamId,
    chapterId,
    creditedTeamId,
    setCreditedTeamId,
    split,
    setSplitChoice,
    splitId,
    label,
    isDraft,
    saveDisabled,
    previewPages,
    conflict,
    checks,
    creating: create.isPending,
    updating: update.isPending,
  };
}

export type ChapterEditorState = ReturnType<typeof useChapterEditor>;
