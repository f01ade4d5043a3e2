import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { ChevronLeftIcon, ChevronRightIcon, PlusIcon } from "lucide-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { ListSkeleton, QueryState } from "@/components/query-state";
import { SearchBox, useSearchField } from "@/components/search-box";
import { Button } from "@/components/ui/button";
import { api } from "@/lib/api-client";
import { teamsQueryKeyAll } from "@/lib/query-keys";

const PAGE_SIZE = 6;
export type TeamPick = { id: number; name: string };

/** `GET /api/teams/directory`: every live team of the platform by name, one page. */
function teamDirectoryQuery(search: string, page: number) {
  return {
    queryKey: [...teamsQueryKeyAll, "directory", { search, page }] as const,
    queryFn: ({ signal }: { signal: AbortSignal }) =>
      api.get("/api/teams/directory", {
        params: { query: { page, limit: PAGE_SIZE, search: search || undefined } },
        signal,
      }),
    placeholderData: keepPreviousData,
  };
}

/**
 * Finds a team among ALL teams of the platform (server-side search by name, paginated), for the
 * collaborator pickers of a comic and of a chapter. `excludeIds`: teams already there, shown but
 * not offered. Loading, "could not load" (with Retry) and "no team found" stay distinct. Its
 * texts (`comics.teamPicker`) ship with the comics texts, which every route using it loads.
 */
export function TeamSearchPicker({
  label,
  excludeIds,
  onPick,
  addLabel,
  disabled = false,
}: {
  label: string;
  excludeIds: readonly number[];
  onPick: (team: TeamPick) => void;
  /** The accessible name of a result's add button. */
  addLabel: (team: TeamPick) => string;
  disabled?: boolean;
}) {
  const { t } = useTranslation();
  const [search, searchField] = useSearchField();
  // The page belongs to the search it was chosen in: a new search starts at page 1.
  const [paging, setPaging] = useState({ search, page: 1 });
  const page = paging.search === search ? paging.page : 1;
  const setPage = (next: number) => setPaging({ search, page: next });
  const teams = useQuery(teamDirectoryQuery(search, page));

  return (
    <div className="grid gap-2">
      <SearchBox {...searchField} label={label} placeholder={t("comics.teamPicker.placeholder")} />
      <QueryState query={teams} loading={<ListSkeleton rows={3} rowClassName="h-9" />} errorClassName="py-6">
        {(data) =>
          data.teams.length === 0 ? (
            <p className="rounded-md border border-dashed px-3 py-2 text-muted-foreground text-sm">
              {t("comics.teamPicker.noResults")}
            </p>
          ) : (
            <div className="grid gap-2">
              <ul className="grid gap-1 rounded-md border p-1" aria-label={label}>
                {data.teams.map((team) => {
                  const taken = excludeIds.includes(team.id);
                  return (
                    <li key={team.id} className="flex items-center justify-between gap-2 px-2 py-1">
                      <span className="truncate text-sm">{team.name}</span>
                      {taken ? (
                        <span className="text-muted-foreground text-xs">{t("comics.teamPicker.taken")}</span>
                      ) : (
                        <Button
                          type="button"
                          variant="outline"
                          size="sm"
                          disabled={disabled}
                          aria-label={addLabel(team)}
                          onClick={() => onPick(team)}
                        >
                          <PlusIcon aria-hidden />
                          {t("comics.teamPicker.add")}
                        </Button>
                      )}
                    </li>
                  );
                })}
              </ul>
              {data.totalPages > 1 && (
                <div className="flex items-center justify-between gap-2 text-muted-foreground text-xs">
                  <Button
                    type="button"
                    variant="ghost"
                    size="sm"
                    disabled={page <= 1 || teams.isFetching}
                    onClick={() => setPage(page - 1)}
                  >
                    <ChevronLeftIcon aria-hidden />
                    {t("comics.teamPicker.previous")}
                  </Button>
                  <span aria-live="polite">
                    {t("comics.teamPicker.page", { page, total: data.totalPages })}
                  </span>
                  <Button
                    type="button"
                    variant="ghost"
                    size="sm"
                    disabled={page >= data.totalPages || teams.isFetching}
                    onClick={() => setPage(page + 1)}
                  >
                    {t("comics.teamPicker.next")}
                    <ChevronRightIcon aria-hidden />
                  </Button>
                </div>
              )}
            </div>
          )
        }
      </QueryState>
    </div>
  );
}
