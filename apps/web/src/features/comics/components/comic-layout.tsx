import { Link } from "@tanstack/react-router";
import type { ComicDetail } from "@vt/shared/api-schemas";
import { ArrowLeftIcon, SearchXIcon } from "lucide-react";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { EmptyState } from "@/components/empty-state";
import { LinkButton } from "@/components/link-button";
import { Page } from "@/components/page";
import { QueryState } from "@/components/query-state";
import { Skeleton } from "@/components/ui/skeleton";
import { isApiError } from "@/lib/api-error";
import { useComic } from "../api/get-comic";
import { ComicCover } from "./comic-cover";
import { type ComicSection, ComicSectionNav } from "./comic-section-nav";
import { ComicStatusBadge } from "./comic-status-badge";

/**
 * The frame of every /comics/{id}/<section> page but the overview: the comic (cover, title,
 * status), the section title and tabs, and the content. Shows a skeleton while the comic loads and
 * "comic not found" for a bad id or a comic my teams cannot see (the API answers 404).
 */
export function ComicLayout({
  comicId,
  section,
  title,
  description,
  children,
}: {
  comicId: number | null;
  section: Exclude<ComicSection, "overview">;
  title: string;
  description: string;
  children: (comic: ComicDetail) => ReactNode;
}) {
  const comic = useComic(comicId);
  if (comicId === null || (isApiError(comic.error) && comic.error.kind === "not-found")) {
    return <ComicNotFound />;
  }
  return (
    <Page>
      <div className="flex items-center gap-3">
        {comic.data ? (
          <ComicCover comic={comic.data} className="w-10" />
        ) : (
          <Skeleton className="aspect-[3/4] w-10" />
        )}
        <div className="min-w-0">
          {comic.data ? (
            <Link
              to="/comics/$comicId"
              params={{ comicId: String(comicId) }}
              className="block truncate font-medium text-muted-foreground text-sm hover:text-foreground hover:underline"
            >
              {comic.data.title}
            </Link>
          ) : (
            <Skeleton className="h-4 w-32" />
          )}
          <h1 className="font-semibold text-2xl tracking-tight">{title}</h1>
        </div>
        {comic.data && (
          <div className="ml-auto max-sm:hidden">
            <ComicStatusBadge status={comic.data.status} />
          </div>
        )}
      </div>
      <p className="-mt-3 max-w-2xl text-muted-foreground text-sm">{description}</p>
      <ComicSectionNav comicId={comicId} active={section} />
      <QueryState query={comic} loading={<SectionSkeleton />}>
        {children}
      </QueryState>
    </Page>
  );
}

export function SectionSkeleton() {
  return (
    <div className="grid gap-4" aria-busy="true">
      <Skeleton className="h-10 w-full max-w-md" />
      <Skeleton className="h-32 w-full" />
      <Skeleton className="h-10 w-full max-w-sm" />
    </div>
  );
}

export function ComicNotFound() {
  const { t } = useTranslation();
  return (
    <Page>
      <EmptyState
        icon={SearchXIcon}
        title={t("comics.notFound.title")}
        description={t("comics.notFound.description")}
      >
        <LinkButton variant="outline" to="/comics" icon={ArrowLeftIcon} label={t("comics.notFound.back")} />
      </EmptyState>
    </Page>
  );
}
