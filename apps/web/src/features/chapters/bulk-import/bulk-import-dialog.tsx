import { useQueryClient } from "@tanstack/react-query";
import { formatChapterOrder } from "@vt/shared/chapter-label";
import { CHAPTER_ORDER_ONESHOT } from "@vt/shared/constants";
import type { TChapter } from "@vt/shared/contracts/chapters";
import {
  canStartImport,
  existingRefs,
  type PublishMode,
  parseOrderInput,
  parseVolumeInput,
  planRows,
} from "@vt/shared/import-plan";
import { FileArchiveIcon, FolderUpIcon, PackageOpenIcon, ScanSearchIcon } from "lucide-react";
import { useMemo, useState, useSyncExternalStore } from "react";
import { useTranslation } from "react-i18next";
import { DialogShell } from "@/components/dialog-shell";
import { FormAlert } from "@/components/form-alert";
import { SwitchRow } from "@/components/switch-row";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Progress } from "@/components/ui/progress";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/components/ui/select";
import { chaptersQueryKeyOfComic, chaptersQueryOptions } from "../api/get-chapters";
import { FileDropzone } from "../components/file-dropzone";
import { ImportPreviewTable, type PreviewRow, type RowEdit } from "./import-preview-table";
import { ImportProgress } from "./import-progress";
import { describeImportError, ImportRun, type RunChapterInput, unfinishedImport } from "./import-run";
import type { ImportChapter, ImportSource } from "./import-source";
import { type CheckChapterInput, type ChecksProgress, type RowChecks, runPageChecks } from "./page-checks";
import { useSplitPageCounts } from "./split-count";

type Row = RowEdit & { key: string; sourceName: string; pageCount: number; chapter: ImportChapter };

/** "Check pages" of the preview (docs/page-checks.md): idle, running with progress, done, failed. */
type Checks =
  | { kind: "idle" }
  | { kind: "running"; progress: ChecksProgress; controller: AbortController }
  | { kind: "done"; results: Map<string, RowChecks> }
  | { kind: "failed"; error: string };

type Stage =
  | { kind: "pick"; error?: string }
  | { kind: "reading"; name: string }
  | { kind: "preview"; source: ImportSource; rows: Row[]; teamChapters: TChapter[] }
  | { kind: "run"; run: ImportRun; rows: RunChapterInput[]; source: ImportSource };

const orderText = (order: number | null) =>
  order === null ? "" : order === CHAPTER_ORDER_ONESHOT ? "oneshot" : formatChapterOrder(order);

/** "Import many chapters" on the comic's chapter list: drop, preview and edit, then run (docs/bulk-import.md). */
export function BulkImportDialog({
  comicId,
  teamIds,
  splitTallStrips = false,
}: {
  comicId: number;
  teamIds: readonly number[];
  /** The team's default of "split tall strips" (changeable here, per import). */
  splitTallStrips?: boolean;
}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const [stage, setStage] = useState<Stage>({ kind: "pick" });
  const [scramble, setScramble] = useState(false);
  const [splitChoice, setSplitChoice] = useState<boolean | null>(null);
  const split = splitChoice ?? splitTallStrips;
  const [mode, setMode] = useState<PublishMode["kind"]>("draft");
  const [hours, setHours] = useState("24");
  const unfinished = open && stage.kind === "pick" ? unfinishedImport(comicId) : null;
  const [checks, setChecks] = useState<Checks>({ kind: "idle" });

  const read = async (files: File[]) => {
    if (files.length === 0) return;
    setStage({ kind: "reading", name: files[0]!.webkitRelativePath.split("/")[0] || files[0]!.name });
    try {
      // zip.js loads only when something is dropped, not with the chapter list.
      const { openImportSource } = await import("./import-source");
      const source = await openImportSource(files);
      if (source.chapters.length === 0) {
        await source.close();
        setStage({ kind: "pick", error: t("power.bulkImport.noChapters") });
        return;
      }
      const [chapters, counts] = await Promise.all([
        queryClient.fetchQuery({ ...chaptersQueryOptions(comicId, "asc"), staleTime: 0 }),
        Promise.all(source.chapters.map(async (c) => (await source.pagesOf(c)).length)),
      ]);
      const teams = new Set(teamIds);
      const rows = source.chapters.map(
        (chapter, i): Row => ({
          key: chapter.archive?.path ?? chapter.sourceName,
          sourceName: chapter.sourceName,
          chapter,
          pageCount: counts[i]!,
          orderText: orderText(chapter.parsed.order),
          volumeText: chapter.parsed.volume === null ? "" : String(chapter.parsed.volume),
          title: chapter.parsed.title,
          skip: false,
        }),
      );
      setChecks({ kind: "idle" });
      setStage({ kind: "preview", source, rows, teamChapters: chapters.filter((c) => teams.has(c.team.id)) });
    } catch (error) {
      setStage({ kind: "pick", error: describeImportError(error) });
    }
  };

  const preview = stage.kind === "preview" ? stage : null;
  const splitCounts = useSplitPageCounts(preview?.source ?? null, split);
  const planned = useMemo((): (PreviewRow & { chapter: ImportChapter })[] => {
    if (!preview) return [];
    const parsed = preview.rows.map((r) => ({
      ...r,
      order: parseOrderInput(r.orderText),
      volume: parseVolumeInput(r.volumeText),
    }));
    const plan = planRows(
      parsed.map((r) => ({ ...r, volume: r.volume === "invalid" ? null : r.volume })),
      existingRefs(preview.teamChapters),
    );
    return plan.map((p, i) => {
      const volumeInvalid = !p.skip && parsed[i]!.volume === "invalid";
      const row = preview.rows[i]!;
      const pageCount = splitCounts?.get(row.chapter) ?? row.pageCount;
      return { ...row, ...p, pageCount, volumeInvalid, blocked: p.blocked || volumeInvalid };
    });
  }, [preview, splitCounts]);

  const hoursValue = Number(hours);
  const hoursInvalid =
    mode === "interval" && !(Number.isFinite(hoursValue) && hoursValue >= 1 && hoursValue <= 720);
  const kept = planned.filter((r) => !r.skip);
  const startable = canStartImport(planned) && !hoursInvalid;

  const edit = (key: string, change: Partial<RowEdit>) =>
    setStage((s) =>
      s.kind === "preview" ? { ...s, rows: s.rows.map((r) => (r.key === key ? { ...r, ...change } : r)) } : s,
    );

  const start = () => {
    if (!preview || !startable) return;
    if (checks.kind === "running") checks.controller.abort();
    const rows: RunChapterInput[] = kept.map((r) => ({
      key: r.key,
      source: r.chapter,
      order: r.order!,
      volume: r.volume,
      title: r.title.trim(),
    }));
    const run = new ImportRun({
      comicId,
      source: preview.source,
      rows,
      teamChapters: preview.teamChapters,
      scramble,
      splitTallStrips: split,
      publish: mode === "interval" ? { kind: "interval", hours: hoursValue } : { kind: mode },
      onWritten: () => void queryClient.invalidateQueries({ queryKey: chaptersQueryKeyOfComic(comicId) }),
    });
    setStage({ kind: "run", run, rows, source: preview.source });
    void run.start();
  };

  const checkPages = async () => {
    if (!preview) return;
    const controller = new AbortController();
    setChecks({ kind: "running", progress: { done: 0, total: 0 }, controller });
    try {
      const inputs: CheckChapterInput[] = [];
      for (const r of kept)
        inputs.push({
          key: r.key,
          label: r.sourceName,
          order: r.order,
          files: await preview.source.pagesOf(r.chapter),
        });
      const results = await runPageChecks(comicId, inputs, {
        signal: controller.signal,
        onProgress: (progress) =>
          setChecks((c) => (c.kind === "running" && c.controller === controller ? { ...c, progress } : c)),
      });
      setChecks((c) => (c.kind === "running" && c.controller === controller ? { kind: "done", results } : c));
    } catch (error) {
      if (controller.signal.aborted) return;
      setChecks({ kind: "failed", error: describeImportError(error) });
    }
  };

  const reset = () => {
    if (checks.kind === "running") checks.controller.abort();
    setChecks({ kind: "idle" });
    if (stage.kind === "preview") void stage.source.close();
    setStage({ kind: "pick" });
  };

  return (
    <>
      <Button variant="outline" onClick={() => setOpen(true)}>
        <PackageOpenIcon aria-hidden />
        {t("power.bulkImport.open")}
      </Button>
      <DialogShell
        open={open}
        onOpenChange={setOpen}
        className="sm:max-w-5xl"
        closeLabel={t("power.bulkImport.close")}
        title={t("power.bulkImport.title")}
        description={t("power.bulkImport.description")}
        footer={
          <>
            {preview && (
              <>
                <Button variant="outline" onClick={reset}>
                  {t("power.bulkImport.back")}
                </Button>
                <Button onClick={start} disabled={!startable}>
                  {t("power.bulkImport.start")}
                </Button>
              </>
            )}
            {stage.kind === "run" && <RunActions run={stage.run} onNew={() => setStage({ kind: "pick" })} />}
          </>
        }
      >
        {stage.kind === "pick" && (
          <div className="grid gap-3">
            {unfinished && (
              <p className="rounded-lg border bg-muted/50 p-3 text-sm">
                {t("power.bulkImport.unfinished", { name: unfinished })}
              </p>
            )}
            <ImportDropzone onFiles={(files) => void read(files)} />
            <FormAlert message={stage.error} />
          </div>
        )}
        {stage.kind === "reading" && (
          <p className="py-8 text-center text-muted-foreground text-sm" role="status">
            {t("power.bulkImport.reading", { name: stage.name })}
          </p>
        )}
        {preview && (
          <div className="grid gap-4">
            <ImportPreviewTable
              rows={planned}
              onEdit={edit}
              checks={checks.kind === "done" ? checks.results : undefined}
            />
            <CheckPagesBar checks={checks} onCheck={() => void checkPages()} disabled={kept.length === 0} />
            {preview.source.skipped.length > 0 && (
              <p className="text-muted-foreground text-xs">
                {t("power.bulkImport.skippedFiles", { count: preview.source.skipped.length })}
              </p>
            )}
            <div className="grid gap-3 sm:grid-cols-2">
              <SwitchRow
                label={t("power.bulkImport.scramble")}
                hint={t("power.bulkImport.scrambleHint")}
                checked={scramble}
                onCheckedChange={setScramble}
              />
              <SwitchRow
                label={t("chapters.pages.splitTall")}
                hint={t("power.bulkImport.splitTallHint")}
                checked={split}
                onCheckedChange={setSplitChoice}
              />
              <PublishOptions
                mode={mode}
                onMode={setMode}
                hours={hours}
                onHours={setHours}
                invalid={hoursInvalid}
              />
            </div>
            <p className="text-sm" data-testid="bulk-import-summary">
              {t("power.bulkImport.summary", {
                count: kept.length,
                pages: kept.reduce((n, r) => n + r.pageCount, 0),
              })}
            </p>
            {split && (
              <p className="text-muted-foreground text-xs" data-testid="bulk-import-split-note">
                {t(splitCounts ? "power.bulkImport.splitCounted" : "power.bulkImport.splitCounting")}
              </p>
            )}
            {!canStartImport(planned) && kept.length > 0 && (
              <FormAlert message={t("power.bulkImport.blocked")} />
            )}
          </div>
        )}
        {stage.kind === "run" && <RunView run={stage.run} rows={stage.rows} />}
      </DialogShell>
    </>
  );
}

/** "Check pages": the button and its hint, then the progress, the failure or that the checks are advice. */
function CheckPagesBar({
  checks,
  onCheck,
  disabled,
}: {
  checks: Checks;
  onCheck: () => void;
  disabled: boolean;
}) {
  const { t } = useTranslation();
  return (
    <div className="flex flex-wrap items-center gap-3 rounded-lg border p-3">
      <Button variant="outline" onClick={onCheck} disabled={disabled || checks.kind === "running"}>
        <ScanSearchIcon aria-hidden />
        {t("power.bulkImport.checks.run")}
      </Button>
      {checks.kind === "running" ? (
        <div className="grid min-w-48 flex-1 gap-1" role="status">
          <span className="text-sm">{t("power.bulkImport.checks.running", checks.progress)}</span>
          <Progress
            value={checks.progress.total ? (checks.progress.done / checks.progress.total) * 100 : 0}
          />
        </div>
      ) : checks.kind === "failed" ? (
        <FormAlert message={t("power.bulkImport.checks.failed", { reason: checks.error })} />
      ) : (
        <p
          className="flex-1 text-muted-foreground text-xs"
          role={checks.kind === "done" ? "status" : undefined}
        >
          {t(checks.kind === "done" ? "power.bulkImport.checks.done" : "power.bulkImport.checks.hint")}
        </p>
      )}
    </div>
  );
}

function RunView({ run, rows }: { run: ImportRun; rows: readonly RunChapterInput[] }) {
  const { t } = useTranslation();
  return (
    <div className="grid gap-3">
      <ImportProgress run={run} rows={rows} />
      <p className="text-muted-foreground text-xs">{t("power.bulkImport.keepOpen")}</p>
    </div>
  );
}

function RunActions({ run, onNew }: { run: ImportRun; onNew: () => void }) {
  const { t } = useTranslation();
  const state = useSyncExternalStore(run.subscribe, run.snapshot);
  if (state.phase === "failed")
    return <Button onClick={() => void run.start()}>{t("power.bulkImport.retry")}</Button>;
  if (state.phase === "review")
    return (
      <>
        <Button variant="outline" onClick={() => void run.finish(false)}>
          {t("power.bulkImport.review.keepDrafts")}
        </Button>
        <Button onClick={() => void run.finish(true)}>{t("power.bulkImport.review.publishAnyway")}</Button>
      </>
    );
  if (state.phase === "done")
    return (
      <Button variant="outline" onClick={onNew}>
        {t("power.bulkImport.back")}
      </Button>
    );
  return null;
}

function PublishOptions({
  mode,
  onMode,
  hours,
  onHours,
  invalid,
}: {
  mode: PublishMode["kind"];
  onMode: (mode: PublishMode["kind"]) => void;
  hours: string;
  onHours: (hours: string) => void;
  invalid: boolean;
}) {
  const { t } = useTranslation();
  return (
    <div className="grid gap-2 rounded-lg border p-3 sm:p-4">
      <Label>{t("power.bulkImport.publish")}</Label>
      <Select value={mode} onValueChange={(v) => onMode(v === "publish" || v === "interval" ? v : "draft")}>
        <SelectTrigger aria-label={t("power.bulkImport.publish")}>
          <SelectValue />
        </SelectTrigger>
        <SelectContent>
          <SelectItem value="draft">{t("power.bulkImport.publishModes.draft")}</SelectItem>
          <SelectItem value="publish">{t("power.bulkImport.publishModes.publish")}</SelectItem>
          <SelectItem value="interval">{t("power.bulkImport.publishModes.interval")}</SelectItem>
        </SelectContent>
      </Select>
      {mode === "interval" && (
        <div className="grid gap-1">
          <Label htmlFor="bulk-import-hours">{t("power.bulkImport.intervalHours")}</Label>
          <Input
            id="bulk-import-hours"
            value={hours}
            inputMode="decimal"
            aria-invalid={invalid || undefined}
            onChange={(e) => onHours(e.target.value)}
          />
          {invalid && <p className="text-destructive text-xs">{t("power.bulkImport.intervalInvalid")}</p>}
        </div>
      )}
    </div>
  );
}

/** Drop a zip or a folder, or pick one. */
function ImportDropzone({ onFiles }: { onFiles: (files: File[]) => void }) {
  const { t } = useTranslation();
  return (
    <FileDropzone
      label={t("power.bulkImport.drop")}
      icon={<PackageOpenIcon aria-hidden className="size-8 text-muted-foreground" />}
      title={t("power.bulkImport.drop")}
      buttons={[
        {
          label: t("power.bulkImport.chooseZip"),
          icon: <FileArchiveIcon aria-hidden />,
          accept: ".zip,.cbz,application/zip",
          testId: "bulk-import-zip-input",
        },
        {
          label: t("power.bulkImport.chooseFolder"),
          icon: <FolderUpIcon aria-hidden />,
          folder: true,
          testId: "bulk-import-folder-input",
        },
      ]}
      onFiles={onFiles}
      className="py-10"
    />
  );
}
