import { useQueryClient } from "@tanstack/react-query";
import type { TChapter, TChapterSort } from "@vt/shared/contracts/chapters";
import { TRASH_DAYS } from "@vt/shared/contracts/trash";
import { ArrowDownUpIcon, BookOpenTextIcon, PlusIcon } from "lucide-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { EmptyState } from "@/components/empty-state";
import { LinkButton } from "@/components/link-button";
import { useModal } from "@/components/modal/use-modal";
import { ListSkeleton, QueryState } from "@/components/query-state";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/components/ui/select";
import { toast } from "@/lib/toast";
import { useDeleteChapter } from "../api/delete-chapter";
import { chapterQueryOptions } from "../api/get-chapter";
import { useChapters } from "../api/get-chapters";
import { BulkImportDialog } from "../bulk-import/bulk-import-dialog";
import { NEW_CHAPTER } from "../chapters-search";
import { useChapterDownload } from "../hooks/use-chapter-download";
import { dropPagesSession } from "../pages-session";
import { ChapterPreviewDialog, type PreviewPage } from "./chapter-preview-dialog";
import { ChaptersTable } from "./chapters-table";
import { QuickVolumeDialog } from "./quick-volume-dialog";

/** /comics/{id}/chapters: sort (in the URL), add, quick volume update, and the table with its actions. */
export function ChapterList({
  comicId,
  sort,
  onSortChange,
  canUpload,
  uploadTeamIds,
  splitTallStrips = false,
}: {
  comicId: number;
  sort: TChapterSort;
  onSortChange: (sort: TChapterSort) => void;
  canUpload: boolean;
  /** My teams that may upload to the comic (bulk import resumes their drafts). */
  uploadTeamIds: readonly number[];
  /** The team's default of the bulk import's "split tall strips" option. */
  splitTallStrips?: boolean;
}) {
  const { t } = useTranslation();
  const modal = useModal();
  const queryClient = useQueryClient();
  const chapters = useChapters(comicId, sort);
  const remove = useDeleteChapter(comicId);
  const { download, busy } = useChapterDownload();
  const [preview, setPreview] = useState<{ title: string; pages?: PreviewPage[] } | null>(null);

  const onView = async (chapter: TChapter, label: string) => {
    setPreview({ title: label });
    const detail = await queryClient.fetchQuery({ ...chapterQueryOptions(chapter.id), staleTime: 0 });
    const pages = detail.pages.filter((p) => !p.staged).map((p) => ({ src: p.src ?? p.url, key: p.key }));
    setPreview((current) => (current?.title === label ? { title: label, pages } : current));
  };
  const onDelete = (chapter: TChapter, label: string) =>
    modal.confirm({
      title: t("chapters.delete.title", { chapter: label }),
      description: t("chapters.delete.description", { days: TRASH_DAYS }),
      confirmLabel: t("chapters.delete.confirm"),
      destructive: true,
      onConfirm: async () => {
        await remove.mutateAsync(chapter.id);
        dropPagesSession(chapter.id);
        toast.success(t("success.deleted"));
      },
    });

  const list = chapters.data ?? [];
  const orders = list.map((c) => c.order).filter((o) => o >= 0);
  return (
    <div className="grid gap-4">
      <div className="flex flex-wrap items-center gap-2">
        <Select value={sort} onValueChange={(v) => onSortChange(v === "desc" ? "desc" : "asc")}>
          <SelectTrigger className="w-40" aria-label={t("chapters.list.sortLabel")}>
            <ArrowDownUpIcon aria-hidden className="opacity-60" />
            <SelectValue />
          </SelectTrigger>
          <SelectContent>
            <SelectItem value="asc">{t("chapters.list.sortAsc")}</SelectItem>
            <SelectItem value="desc">{t("chapters.list.sortDesc")}</SelectItem>
          </SelectContent>
        </Select>
        {chapters.data && (
          <span className="text-muted-foreground text-sm">
            {t("chapters.list.total", { count: list.length })}
          </span>
        )}
        {canUpload && (
          <div className="flex flex-wrap gap-2 sm:ml-auto">
            {list.length > 0 && (
              <QuickVolumeDialog
                comicId={comicId}
                defaultFrom={orders.length ? Math.min(...orders) : undefined}
                defaultTo={orders.length ? Math.max(...orders) : undefined}
              />
            )}
            <BulkImportDialog comicId={comicId} teamIds={uploadTeamIds} splitTallStrips={splitTallStrips} />
            <LinkButton
              to="/comics/$comicId/chapters/$chapterId"
              params={{ comicId: String(comicId), chapterId: NEW_CHAPTER }}
              icon={PlusIcon}
              label={t("chapters.list.add")}
            />
          </div>
        )}
      </div>
      <QueryState query={chapters} loading={<ListSkeleton />}>
        {() =>
          list.length === 0 ? (
            <EmptyState
              icon={BookOpenTextIcon}
              title={t("chapters.list.emptyTitle")}
              description={t("chapters.list.emptyDescription")}
            />
          ) : (
            <ChaptersTable
              chapters={list}
              actions={{
                onView,
                onDelete,
                onDownload: (c, label) => void download(c.id, label),
                downloading: busy,
              }}
            />
          )
        }
      </QueryState>
      <ChapterPreviewDialog
        open={preview !== null}
        onOpenChange={(open) => !open && setPreview(null)}
        title={preview?.title ?? ""}
        pages={preview?.pages}
      />
    </div>
  );
}
