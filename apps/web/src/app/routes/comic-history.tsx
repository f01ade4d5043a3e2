import "@/features/comics/texts";
import "@/features/requests/texts";
import { getRouteApi, useNavigate } from "@tanstack/react-router";
import { useTranslation } from "react-i18next";
import { SearchInput } from "@/components/ui/search-input";
import { parseComicId } from "@/features/comics/comics-search";
import { ComicLayout } from "@/features/comics/components/comic-layout";
import { AuditTable } from "@/features/history/audit-table";

const route = getRouteApi("/app/comics/$comicId/history");

/**
 * /comics/{id}/history: the comic's audit rows (its changes, its chapters' and its requests'):
 * who, what, when, each field before → after; searchable, paginated.
 */
export function ComicHistoryPage() {
  const { t } = useTranslation();
  const comicId = parseComicId(route.useParams().comicId);
  const search = route.useSearch();
  const navigate = useNavigate();
  const go = (next: { page?: number; search?: string }) =>
    void navigate({ to: "/comics/$comicId/history", params: { comicId: String(comicId) }, search: next });
  return (
    <ComicLayout
      comicId={comicId}
      section="history"
      title={t("review.history.title")}
      description={t("review.history.description")}
    >
      {(comic) => (
        <div className="grid gap-3">
          <SearchInput
            value={search.search ?? ""}
            onSearch={(value) => go({ search: value || undefined })}
            label={t("review.history.search")}
            placeholder={t("review.history.search")}
            className="max-w-sm"
          />
          <AuditTable
            source={{ comicId: comic.id }}
            page={search.page ?? 1}
            search={search.search}
            onPage={(next) => go({ ...search, page: next > 1 ? next : undefined })}
          />
        </div>
      )}
    </ComicLayout>
  );
}
