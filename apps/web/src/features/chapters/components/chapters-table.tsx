import { Link } from "@tanstack/react-router";
import { formatChapterOrder } from "@vt/shared/chapter-label";
import type { TChapter } from "@vt/shared/contracts/chapters";
import { DownloadIcon, EyeIcon, MoreHorizontalIcon, PencilIcon, Trash2Icon } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Button } from "@/components/ui/button";
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from "@/components/ui/dropdown-menu";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import { formatDateTime } from "@/lib/date-format";
import { useChapterLabel } from "../hooks/use-chapter-label";
import { ChapterStateBadges } from "./chapter-state-badge";

export type ChapterActions = {
  onView: (chapter: TChapter, label: string) => void;
  onDownload: (chapter: TChapter, label: string) => void;
  onDelete: (chapter: TChapter, label: string) => void;
  downloading: number | null;
};

/** The comic's chapters: label (links to the editor), volume, pages, badges, last update, actions. */
export function ChaptersTable({
  chapters,
  actions,
}: {
  chapters: readonly TChapter[];
  actions: ChapterActions;
}) {
  const { t, i18n } = useTranslation();
  const label = useChapterLabel();
  return (
    <div className="overflow-hidden rounded-xl border bg-card">
      <Table aria-label={t("chapters.list.tableLabel")}>
        <TableHeader>
          <TableRow>
            <TableHead>{t("chapters.list.columns.chapter")}</TableHead>
            <TableHead className="w-20">{t("chapters.list.columns.volume")}</TableHead>
            <TableHead className="max-md:hidden">{t("chapters.list.columns.pages")}</TableHead>
            <TableHead className="max-md:hidden">{t("chapters.list.columns.status")}</TableHead>
            <TableHead className="max-lg:hidden">{t("chapters.list.columns.updated")}</TableHead>
            <TableHead className="w-12">
              <span className="sr-only">{t("chapters.list.columns.actions")}</span>
            </TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {chapters.map((chapter) => {
            const text = label(chapter);
            return (
              <TableRow key={chapter.id} data-chapter-id={chapter.id}>
                <TableCell className="max-w-0 whitespace-normal md:w-[40%]">
                  <div className="grid gap-1">
                    <Link
                      to="/comics/$comicId/chapters/$chapterId"
                      params={{ comicId: String(chapter.comicId), chapterId: String(chapter.id) }}
                      className="line-clamp-2 font-medium hover:underline"
                    >
                      {text}
                    </Link>
                    <span className="text-muted-foreground text-xs">{chapter.team.name}</span>
                    <div className="md:hidden">
                      <ChapterStateBadges chapter={chapter} />
                    </div>
                  </div>
                </TableCell>
                <TableCell className="tabular-nums">
                  {chapter.volume === null ? (
                    <span className="text-muted-foreground">{t("chapters.list.noVolume")}</span>
                  ) : (
                    formatChapterOrder(chapter.volume)
                  )}
                </TableCell>
                <TableCell className="whitespace-nowrap text-muted-foreground max-md:hidden">
                  {t("chapters.list.pageCount", { count: chapter.pageCount })}
                </TableCell>
                <TableCell className="max-md:hidden">
                  <ChapterStateBadges chapter={chapter} />
                </TableCell>
                <TableCell className="whitespace-nowrap text-muted-foreground max-lg:hidden">
                  {formatDateTime(chapter.lastUpdated, i18n.language)}
                </TableCell>
                <TableCell>
                  <DropdownMenu>
                    <DropdownMenuTrigger asChild>
                      <Button
                        variant="ghost"
                        size="icon"
                        aria-label={t("chapters.list.actionsFor", { chapter: text })}
                      >
                        <MoreHorizontalIcon aria-hidden />
                      </Button>
                    </DropdownMenuTrigger>
                    <DropdownMenuContent align="end">
                      <DropdownMenuItem asChild>
                        <Link
                          to="/comics/$comicId/chapters/$chapterId"
                          params={{ comicId: String(chapter.comicId), chapterId: String(chapter.id) }}
                        >
                          <PencilIcon aria-hidden />
                          {t("chapters.list.edit")}
                        </Link>
                      </DropdownMenuItem>
                      <DropdownMenuItem onSelect={() => actions.onView(chapter, text)}>
                        <EyeIcon aria-hidden />
                        {t("chapters.list.view")}
                      </DropdownMenuItem>
                      <DropdownMenuItem
                        disabled={actions.downloading !== null}
                        onSelect={() => actions.onDownload(chapter, text)}
                      >
                        <DownloadIcon aria-hidden />
                        {t("chapters.list.download")}
                      </DropdownMenuItem>
                      <DropdownMenuSeparator />
                      <DropdownMenuItem
                        variant="destructive"
                        onSelect={() => actions.onDelete(chapter, text)}
                      >
                        <Trash2Icon aria-hidden />
                        {t("chapters.list.delete")}
                      </DropdownMenuItem>
                    </DropdownMenuContent>
                  </DropdownMenu>
                </TableCell>
              </TableRow>
            );
          })}
        </TableBody>
      </Table>
    </div>
  );
}
