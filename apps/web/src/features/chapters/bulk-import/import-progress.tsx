import { Link } from "@tanstack/react-router";
import { useSyncExternalStore } from "react";
import { useTranslation } from "react-i18next";
import { FormAlert } from "@/components/form-alert";
import { Badge } from "@/components/ui/badge";
import { Progress } from "@/components/ui/progress";
import { formatDateTime } from "@/lib/date-format";
import { useChapterLabel } from "../hooks/use-chapter-label";
import type { ChapterRun, ImportRun, RunChapterInput } from "./import-run";

/** Overall and per-chapter progress of a running bulk import. */
export function ImportProgress({ run, rows }: { run: ImportRun; rows: readonly RunChapterInput[] }) {
  const { t, i18n } = useTranslation();
  const label = useChapterLabel();
  const state = useSyncExternalStore(run.subscribe, run.snapshot);
  const byKey = new Map(rows.map((r) => [r.key, r]));
  const done = state.chapters.reduce((n, c) => n + c.done, 0);
  const total = state.chapters.reduce((n, c) => n + c.total, 0);
  const fraction = total === 0 ? 0 : done / total;
  return (
    <div className="grid gap-4">
      <div className="grid gap-2">
        <p className="text-sm" data-testid="bulk-import-overall">
          {t("power.bulkImport.overall", { done, total })}
        </p>
        <Progress
          value={Math.round(fraction * 100)}
          aria-label={t("power.bulkImport.overall", { done, total })}
        />
      </div>
      <ul className="grid max-h-[45vh] gap-2 overflow-auto" aria-label={t("power.bulkImport.tableLabel")}>
        {state.chapters.map((c) => {
          const row = byKey.get(c.key);
          return (
            <li
              key={c.key}
              className="grid gap-1 rounded-lg border p-2"
              data-testid="bulk-import-progress-row"
            >
              <div className="flex flex-wrap items-center gap-2 text-sm">
                <span className="font-medium">{row ? label({ order: row.order, name: row.title }) : ""}</span>
                <StatusBadge chapter={c} lang={i18n.language} />
                <span className="ml-auto text-muted-foreground text-xs tabular-nums">
                  {c.done}/{c.total}
                </span>
              </div>
              <Progress value={c.total === 0 ? 0 : Math.round((c.done / c.total) * 100)} className="h-1.5" />
              {c.error && <p className="text-destructive text-xs">{c.error}</p>}
              {(c.warnings ?? 0) > 0 && c.chapterId !== undefined && (
                <p className="text-xs" data-testid="bulk-import-warnings">
                  <Link
                    to="/comics/$comicId/chapters/$chapterId"
                    params={{ comicId: String(run.comicId), chapterId: String(c.chapterId) }}
                    target="_blank"
                    className="text-amber-700 underline underline-offset-2 dark:text-amber-400"
                  >
                    {t("power.bulkImport.review.warnings", { count: c.warnings })}
                  </Link>
                </p>
              )}
            </li>
          );
        })}
      </ul>
      {state.phase === "reviewing" && <p className="text-sm">{t("power.bulkImport.review.reading")}</p>}
      {state.phase === "review" && (
        <p className="text-sm" role="status" data-testid="bulk-import-review">
          {t("power.bulkImport.review.question", {
            count: state.chapters.filter((c) => (c.warnings ?? 0) > 0).length,
          })}
        </p>
      )}
      {state.phase === "publishing" && <p className="text-sm">{t("power.bulkImport.publishing")}</p>}
      {state.phase === "done" && (
        <p className="text-sm" role="status" data-testid="bulk-import-done">
          {t("power.bulkImport.done", { count: state.chapters.length })}
        </p>
      )}
      {state.phase === "failed" && <FormAlert message={state.error ?? t("power.bulkImport.failed")} />}
    </div>
  );
}

function StatusBadge({ chapter, lang }: { chapter: ChapterRun; lang: string }) {
  const { t } = useTranslation();
  const text =
    chapter.status === "scheduled"
      ? t("power.bulkImport.status.scheduled", { date: formatDateTime(chapter.publishAt ?? 0, lang) })
      : t(`power.bulkImport.status.${chapter.status}`);
  const variant =
    chapter.status === "error" ? "destructive" : chapter.status === "published" ? "default" : "secondary";
  return (
    <Badge variant={variant} data-status={chapter.status}>
      {text}
    </Badge>
  );
}
