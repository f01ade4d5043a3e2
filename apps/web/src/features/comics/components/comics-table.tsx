import { Link } from "@tanstack/react-router";
import type { TComicListItem } from "@vt/shared/contracts/comics";
import { EyeIcon, HeartIcon } from "lucide-react";
import { useTranslation } from "react-i18next";
import { SkeletonMedia } from "@/components/ui/skeleton";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import { formatDate } from "@/lib/date-format";
import { formatCount } from "../format";
import { ComicCover } from "./comic-cover";
import { ComicFlags } from "./comic-flags";
import { ComicStatusBadge } from "./comic-status-badge";

/**
 * The team's comics: cover, title and alternative name, status, views, saves, upload date, team.
 * On narrow screens the numbers fold under the title instead of taking columns.
 */
export function ComicsTable({ comics, busy = false }: { comics: TComicListItem[]; busy?: boolean }) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  return (
    <div className="overflow-hidden rounded-xl border bg-card" aria-busy={busy || undefined}>
      <Table aria-label={t("comics.list.tableLabel")}>
        <TableHeader>
          <TableRow>
            <TableHead className="w-16">
              <span className="sr-only">{t("comics.list.columns.cover")}</span>
            </TableHead>
            <TableHead>{t("comics.list.columns.title")}</TableHead>
            <TableHead className="max-md:hidden">{t("comics.list.columns.status")}</TableHead>
            <TableHead className="text-right max-lg:hidden">{t("comics.list.columns.views")}</TableHead>
            <TableHead className="text-right max-lg:hidden">{t("comics.list.columns.saves")}</TableHead>
            <TableHead className="max-md:hidden">{t("comics.list.columns.uploadedAt")}</TableHead>
            <TableHead className="max-xl:hidden">{t("comics.list.columns.team")}</TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {comics.map((comic) => (
            <TableRow key={comic.id}>
              <TableCell className="py-2">
                <ComicCover comic={comic} className="w-12" />
              </TableCell>
              <TableCell className="max-w-0 whitespace-normal md:w-[40%]">
                <div className="grid gap-1">
                  <Link
                    to="/comics/$comicId"
                    params={{ comicId: String(comic.id) }}
                    className="line-clamp-2 font-medium hover:underline"
                  >
                    {comic.title}
                  </Link>
                  {comic.anotherName && (
                    <span className="line-clamp-1 text-muted-foreground text-xs">{comic.anotherName}</span>
                  )}
                  <ComicFlags comic={comic} />
                  <span className="flex flex-wrap items-center gap-x-3 gap-y-1 text-muted-foreground text-xs md:hidden">
                    <ComicStatusBadge status={comic.status} />
                    <span className="inline-flex items-center gap-1">
                      <EyeIcon aria-hidden className="size-3" />
                      {t("comics.list.views", { count: comic.viewCount })}
                    </span>
                    <span className="inline-flex items-center gap-1">
                      <HeartIcon aria-hidden className="size-3" />
                      {t("comics.list.saves", { count: comic.saveCount })}
                    </span>
                    <span>{formatDate(comic.createdAt, lang)}</span>
                  </span>
                </div>
              </TableCell>
              <TableCell className="max-md:hidden">
                <ComicStatusBadge status={comic.status} />
              </TableCell>
              <TableCell className="text-right tabular-nums max-lg:hidden">
                {formatCount(comic.viewCount, lang)}
              </TableCell>
              <TableCell className="text-right tabular-nums max-lg:hidden">
                {formatCount(comic.saveCount, lang)}
              </TableCell>
              <TableCell className="text-muted-foreground max-md:hidden">
                {formatDate(comic.createdAt, lang)}
              </TableCell>
              <TableCell className="max-xl:hidden">{comic.team.name}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </div>
  );
}

export function ComicsTableSkeleton({ rows = 6 }: { rows?: number }) {
  return (
    <div className="grid gap-3 rounded-xl border bg-card p-3" aria-busy="true">
      {Array.from({ length: rows }, (_, index) => (
        <SkeletonMedia
          // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have nothing else to key on
          key={index}
          media="aspect-[3/4] w-12"
          lines={["h-4 w-1/2", "h-3 w-1/3"]}
        />
      ))}
    </div>
  );
}
