import { useTranslation } from "react-i18next";
import { SearchInput } from "@/components/ui/search-input";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/components/ui/select";
import { SEARCH_MAX_LENGTH } from "@/lib/list-search";
import {
  COMIC_SORTS,
  COMIC_STATUS_FILTERS,
  type ComicListSearch,
  type ComicStatusFilter,
} from "../comics-search";

/** Search, status filter ('Tất cả' + statuses + pending delete / merge requests) and sort of /comics. */
export function ComicListToolbar({
  search,
  onChange,
}: {
  search: ComicListSearch;
  /** Receives the changed params; the caller resets the page. */
  onChange: (next: Partial<Omit<ComicListSearch, "page">>) => void;
}) {
  const { t } = useTranslation();
  return (
    <div className="flex flex-col gap-2 sm:flex-row sm:flex-wrap sm:items-center">
      <SearchInput
        value={search.search ?? ""}
        onSearch={(value) => onChange({ search: value || undefined })}
        label={t("comics.list.searchLabel")}
        placeholder={t("comics.list.searchPlaceholder")}
        maxLength={SEARCH_MAX_LENGTH}
      />
      <div className="flex gap-2">
        <Select
          value={search.status ?? "all"}
          onValueChange={(value) =>
            onChange({ status: value === "all" ? undefined : (value as ComicStatusFilter) })
          }
        >
          <SelectTrigger aria-label={t("comics.list.statusLabel")} className="min-w-40 flex-1 sm:flex-none">
            <SelectValue />
          </SelectTrigger>
          <SelectContent>
            {COMIC_STATUS_FILTERS.map((status) => (
              <SelectItem key={status} value={status}>
                {t(`comicStatus.${status}`)}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
        <Select
          value={search.sort ?? "newest"}
          onValueChange={(value) => onChange({ sort: value === "oldest" ? "oldest" : undefined })}
        >
          <SelectTrigger aria-label={t("comics.list.sortLabel")} className="min-w-32 flex-1 sm:flex-none">
            <SelectValue />
          </SelectTrigger>
          <SelectContent>
            {COMIC_SORTS.map((sort) => (
              <SelectItem key={sort} value={sort}>
                {t(`comicSort.${sort}`)}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
      </div>
    </div>
  );
}
