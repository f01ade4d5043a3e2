import type { ComicDetail } from "@vt/shared/api-schemas";
import { genreName } from "@vt/shared/genres";
import { ExternalLinkIcon, EyeIcon, HeartIcon, UsersIcon } from "lucide-react";
import { useTranslation } from "react-i18next";
import { AnchorButton } from "@/components/link-button";
import { Badge } from "@/components/ui/badge";
import { Skeleton } from "@/components/ui/skeleton";
import { formatDate } from "@/lib/date-format";
import { currentLanguage } from "@/lib/i18n";
import { ComicCover } from "./comic-cover";
import { ComicFlags } from "./comic-flags";
import { ComicStatusBadge } from "./comic-status-badge";

/** The top of the comic dashboard: cover, title, status, counts, authors, genres and the public link. */
export function ComicOverviewHeader({ comic }: { comic: ComicDetail }) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  return (
    <section className="flex flex-col gap-5 rounded-xl border bg-card p-4 text-card-foreground shadow-sm sm:flex-row sm:p-6">
      <ComicCover comic={comic} large className="w-32 self-center sm:w-40 sm:self-start" />
      <div className="grid min-w-0 flex-1 content-start gap-3">
        <div className="flex flex-wrap items-center gap-2">
          <ComicStatusBadge status={comic.status} />
          <ComicFlags comic={comic} />
        </div>
        <div className="grid gap-1">
          <h1 className="font-semibold text-2xl tracking-tight">{comic.title}</h1>
          {comic.anotherName && <p className="text-muted-foreground text-sm">{comic.anotherName}</p>}
        </div>
        <dl className="flex flex-wrap gap-x-5 gap-y-1 text-muted-foreground text-sm">
          <div className="flex items-center gap-1.5">
            <dt className="sr-only">{t("comics.list.columns.views")}</dt>
            <EyeIcon aria-hidden className="size-4" />
            <dd className="tabular-nums">{t("comics.list.views", { count: comic.viewCount })}</dd>
          </div>
          <div className="flex items-center gap-1.5">
            <dt className="sr-only">{t("comics.list.columns.saves")}</dt>
            <HeartIcon aria-hidden className="size-4" />
            <dd className="tabular-nums">{t("comics.list.saves", { count: comic.saveCount })}</dd>
          </div>
          <div className="flex items-center gap-1.5">
            <dt className="sr-only">{t("comics.list.columns.team")}</dt>
            <UsersIcon aria-hidden className="size-4" />
            <dd>{t("comics.dashboard.ownedBy", { team: comic.team.name })}</dd>
          </div>
          <div>
            <dt className="sr-only">{t("comics.list.columns.uploadedAt")}</dt>
            <dd>{t("comics.dashboard.uploadedAt", { date: formatDate(comic.createdAt, lang) })}</dd>
          </div>
        </dl>
        <p className="text-sm">
          {comic.authors.length > 0
            ? t("comics.dashboard.authorsLine", {
                names: comic.authors.map((author) => author.name).join(", "),
              })
            : t("comics.dashboard.noAuthors")}
        </p>
        {comic.genres.length > 0 && (
          <ul className="flex flex-wrap gap-1.5" aria-label={t("fields.genres")}>
            {comic.genres.map((slug) => (
              <li key={slug}>
                <Badge variant="secondary">{genreName(slug, currentLanguage())}</Badge>
              </li>
            ))}
          </ul>
        )}
        {comic.siteUrl && (
          <div>
            <AnchorButton
              variant="outline"
              size="sm"
              href={comic.siteUrl}
              external
              icon={ExternalLinkIcon}
              label={
                comic.isMature ? t("comics.dashboard.viewPublicMature") : t("comics.dashboard.viewPublic")
              }
            />
          </div>
        )}
      </div>
    </section>
  );
}

export function ComicOverviewHeaderSkeleton() {
  return (
    <section
      className="flex flex-col gap-5 rounded-xl border bg-card p-4 sm:flex-row sm:p-6"
      aria-busy="true"
    >
      <Skeleton className="aspect-[3/4] w-32 self-center sm:w-40" />
      <div className="grid flex-1 content-start gap-3">
        <Skeleton className="h-5 w-24" />
        <Skeleton className="h-7 w-2/3" />
        <Skeleton className="h-4 w-1/2" />
      </div>
    </section>
  );
}
