import { BookmarkCheckIcon, RotateCcwIcon, Trash2Icon, TriangleAlertIcon, XIcon } from "lucide-react";
import { useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { ActionButton } from "@/components/action-button";
import { IconButton } from "@/components/icon-button";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { describeError } from "@/lib/error-toast";
import { showErrorToast } from "@/lib/query-client";
import { toast } from "@/lib/toast";
import { useKeepFinding } from "../api/keep-finding";
import { useLooseT } from "../hooks/use-chapter-label";
import { useFindingText } from "../hooks/use-finding-text";
import type { PageChecksState, ShownFinding } from "../hooks/use-page-checks";
import { usePageThumb } from "../hooks/use-page-thumb";
import type { EditorPage, PagesSession } from "../pages-session";
import { ReplacePageButton } from "./replace-page-button";

/**
 * The "Page checks" card of the chapter editor (docs/page-checks.md): each finding of the server's
 * checks with the thumbnails of its pages side by side, and what to do about it: remove a page or
 * replace its image (the page grid's own actions), or keep the finding (remembered on the server:
 * for the whole comic when the page is already in another chapter, a recap or credit page).
 * Kept findings are listed apart, each with "Stop keeping".
 */
export function PageChecksPanel({
  chapterId,
  session,
  checks,
}: {
  chapterId: number;
  session: PagesSession;
  checks: PageChecksState;
}) {
  const { t } = useTranslation();
  const { open, kept, data, idle, busy, isPending, error } = checks;
  const count = open.length;
  return (
    <Card data-testid="page-checks">
      <CardHeader className="flex flex-row flex-wrap items-start justify-between gap-2">
        <div className="grid gap-1.5">
          <CardTitle>{t("chapters.checks.title")}</CardTitle>
          <CardDescription>{t("chapters.checks.intro")}</CardDescription>
        </div>
        {count > 0 && (
          <Badge variant="destructive">
            <TriangleAlertIcon aria-hidden />
            {t("chapters.checks.open", { count })}
          </Badge>
        )}
      </CardHeader>
      <CardContent className="grid gap-4" aria-live="polite" aria-busy={isPending || busy}>
        {error ? (
          <div role="alert" className="flex flex-wrap items-center gap-2 text-sm">
            <TriangleAlertIcon aria-hidden className="size-4 text-destructive" />
            <span>
              {t("chapters.checks.failed")} {describeError(error)}
            </span>
            <Button type="button" size="sm" variant="outline" onClick={checks.refetch}>
              <RotateCcwIcon aria-hidden />
              {t("common.retry")}
            </Button>
          </div>
        ) : busy || isPending ? (
          <p className="text-muted-foreground text-sm">
            {busy ? t("chapters.checks.waiting") : t("chapters.checks.checking")}
          </p>
        ) : (
          !idle &&
          data &&
          count === 0 && (
            <p className="text-muted-foreground text-sm">
              {t("chapters.checks.none", { count: data.pageCount })}
            </p>
          )
        )}
        {count > 0 && (
          <ul className="grid gap-3" aria-label={t("chapters.checks.title")}>
            {open.map((f) => (
              <FindingItem key={f.key} item={f} chapterId={chapterId} session={session} />
            ))}
          </ul>
        )}
        {data && data.unchecked > 0 && (
          <p className="text-muted-foreground text-xs">
            {t("chapters.checks.unchecked", { count: data.unchecked })}
          </p>
        )}
        {kept.length > 0 && (
          <details className="group rounded-lg border p-3">
            <summary className="cursor-pointer font-medium text-sm">
              {t("chapters.checks.keptTitle", { count: kept.length })}
            </summary>
            <ul className="mt-3 grid gap-3">
              {kept.map((f) => (
                <FindingItem key={f.key} item={f} chapterId={chapterId} session={session} />
              ))}
            </ul>
          </details>
        )}
      </CardContent>
    </Card>
  );
}

/** A finding of many pages (a whole chapter uploaded twice) shows this many thumbnails until asked. */
const THUMBS_SHOWN = 6;

function FindingItem({
  item,
  chapterId,
  session,
}: {
  item: ShownFinding;
  chapterId: number;
  session: PagesSession;
}) {
  const { t } = useTranslation();
  const looseT = useLooseT();
  const text = useFindingText();
  const keep = useKeepFinding(chapterId);
  const { finding, pages, kept } = item;
  const { title, hint } = text(
    finding,
    pages.map((p) => p.position),
  );
  const setKept = (on: boolean) =>
    keep.mutate(
      {
        kind: finding.kind,
        pageIds: pages.flatMap((p) => (p.page.id === undefined ? [] : [p.page.id])),
        kept: on,
      },
      { onError: showErrorToast },
    );
  const many = finding.kind === "otherChapter" && pages.length > 1;
  const [all, setAll] = useState(false);
  const shown = all ? pages : pages.slice(0, THUMBS_SHOWN);
  return (
    <li
      data-kind={finding.kind}
      data-kept={kept || undefined}
      className="grid gap-2 rounded-lg border bg-muted/30 p-3"
    >
      <div className="grid gap-0.5">
        <p className="font-medium text-sm">{title}</p>
        <p className="text-muted-foreground text-xs">{hint}</p>
      </div>
      <ul className="flex flex-wrap gap-2" aria-label={title}>
        {shown.map(({ page, position }) => (
          <CheckedPage
            key={page.uid}
            page={page}
            position={position}
            onRemove={() => session.remove([page.uid])}
            onReplace={async (file) => {
              const problem = await session.replace(page.uid, file);
              if (problem) toast.error(looseT(problem.key, problem.params));
            }}
          />
        ))}
      </ul>
      {shown.length < pages.length && (
        <Button
          type="button"
          size="sm"
          variant="link"
          className="justify-self-start px-0"
          onClick={() => setAll(true)}
        >
          {t("chapters.checks.showAll", { count: pages.length })}
        </Button>
      )}
      <div className="flex flex-wrap gap-2">
        {kept ? (
          <ActionButton
            type="button"
            size="sm"
            variant="outline"
            pending={keep.isPending}
            onClick={() => setKept(false)}
            icon={<RotateCcwIcon aria-hidden />}
            label={t("chapters.checks.unkeep")}
          />
        ) : (
          <ActionButton
            type="button"
            size="sm"
            variant="outline"
            pending={keep.isPending}
            onClick={() => setKept(true)}
            icon={<BookmarkCheckIcon aria-hidden />}
            label={t("chapters.checks.keep")}
          />
        )}
        {many && !kept && (
          <ActionButton
            type="button"
            size="sm"
            variant="outline"
            onClick={() => session.remove(pages.map((p) => p.page.uid))}
            icon={<Trash2Icon aria-hidden />}
            label={t("chapters.checks.removeAll", { count: pages.length })}
          />
        )}
      </div>
    </li>
  );
}

/** One page of a finding: its thumbnail and place, remove and replace (as in the page grid). */
function CheckedPage({
  page,
  position,
  onRemove,
  onReplace,
}: {
  page: EditorPage;
  position: number;
  onRemove: () => void;
  onReplace: (file: File) => void;
}) {
  const { t } = useTranslation();
  const frame = useRef<HTMLDivElement>(null);
  const thumb = usePageThumb(frame, page.thumb, page.key);
  const working = page.state !== "done" && page.state !== "error";
  return (
    <li className="grid w-28 gap-1" data-page-id={page.id}>
      <div ref={frame} className="aspect-[2/3] overflow-hidden rounded-md border bg-muted">
        {thumb && (
          <img
            src={thumb}
            alt={t("chapters.pages.page", { n: position })}
            loading="lazy"
            decoding="async"
            className="size-full object-contain"
          />
        )}
      </div>
      <div className="flex items-center gap-0.5">
        <span className="whitespace-nowrap font-medium text-xs tabular-nums">
          {t("chapters.pages.page", { n: position })}
        </span>
        <span className="flex-1" />
        <ReplacePageButton n={position} disabled={working || page.id === undefined} onReplace={onReplace} />
        <IconButton
          icon={XIcon}
          label={t("chapters.pages.remove", { n: position })}
          tooltip
          type="button"
          onClick={onRemove}
        />
      </div>
    </li>
  );
}
