import "@/features/comics/texts";
import { getRouteApi, useNavigate } from "@tanstack/react-router";
import { Page } from "@/components/page";
import { QueryState } from "@/components/query-state";
import { useAuth } from "@/features/auth/auth-store";
import { useComic } from "@/features/comics/api/get-comic";
import { parseComicId } from "@/features/comics/comics-search";
import { AdminActionsCard } from "@/features/comics/components/admin-actions-card";
import { CollaboratorsCard } from "@/features/comics/components/collaborators-card";
import { ComicNotFound } from "@/features/comics/components/comic-layout";
import {
  ComicOverviewHeader,
  ComicOverviewHeaderSkeleton,
} from "@/features/comics/components/comic-overview-header";
import { ComicRequestsCard } from "@/features/comics/components/comic-requests-card";
import { ComicSectionNav } from "@/features/comics/components/comic-section-nav";
import { ComicShortcuts } from "@/features/comics/components/comic-shortcuts";
import { isApiError } from "@/lib/api-error";

const route = getRouteApi("/app/comics/$comicId/");

/**
 * /comics/{id}: the comic dashboard: overview, section shortcuts, my teams' requests (delete and
 * merge requests), collaborating teams, and for platform admins direct delete and merge.
 */
export function ComicPage() {
  const comicId = parseComicId(route.useParams().comicId);
  const comic = useComic(comicId);
  const navigate = useNavigate();
  const { user } = useAuth();
  const isAdmin = user?.role === "admin";

  if (comicId === null || (isApiError(comic.error) && comic.error.kind === "not-found"))
    return <ComicNotFound />;

  return (
    <Page>
      <QueryState query={comic} loading={<ComicOverviewHeaderSkeleton />}>
        {(data) => <ComicOverviewHeader comic={data} />}
      </QueryState>
      <ComicSectionNav comicId={comicId} active="overview" />
      <div className="grid gap-6 lg:grid-cols-[minmax(0,1.2fr)_minmax(0,1fr)]">
        <ComicShortcuts comicId={comicId} />
        {comic.data && (
          <div className="grid content-start gap-6">
            <ComicRequestsCard comic={comic.data} />
            <CollaboratorsCard comic={comic.data} />
            {(isAdmin || comic.data.can.admin) && (
              <AdminActionsCard
                comic={comic.data}
                onDeleted={() => void navigate({ to: "/comics", replace: true })}
                onMerged={(targetId) =>
                  void navigate({
                    to: "/comics/$comicId",
                    params: { comicId: String(targetId) },
                    replace: true,
                  })
                }
              />
            )}
          </div>
        )}
      </div>
    </Page>
  );
}
