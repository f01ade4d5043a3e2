import { useQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { chapterQueryOptions } from "@/features/chapters/api/get-chapter";
import { useChapterLabel } from "@/features/chapters/hooks/use-chapter-label";
import { comicQueryOptions } from "@/features/comics/api/get-comic";
import { teamQueryOptions } from "@/features/teams/api/get-team";
import type { BreadcrumbEntity } from "./breadcrumbs";
import { CrumbPlaceholder, useDocumentTitle } from "./crumb-text";

const observe = { enabled: false, throwOnError: false } as const;

/** The name of the entity of a `kind: "id"` crumb; `undefined` while it loads. */
function useEntityName(entity: BreadcrumbEntity, rawId: string): string | undefined {
  const { t } = useTranslation();
  const chapterLabel = useChapterLabel();
  const id = /^\d+$/.test(rawId) ? Number(rawId) : null;
  // Only observes the query the page itself runs (`enabled: false`): the header never fetches,
  // never reports an error twice, and shows the name as soon as the page has it.
  const comic = useQuery({ ...comicQueryOptions(id ?? 0), ...observe });
  const chapter = useQuery({ ...chapterQueryOptions(id ?? 0), ...observe });
  const team = useQuery({ ...teamQueryOptions(id ?? 0), ...observe });
  const query = entity === "comic" ? comic : entity === "chapter" ? chapter : team;
  if (id === null || query.isError) return t("breadcrumb.notFound");
  if (entity === "comic") return comic.data?.title;
  if (entity === "team") return team.data?.name;
  return chapter.data ? chapterLabel(chapter.data) : undefined;
}

/**
 * A comic, chapter or team crumb by name (comic title, the chapter label, team name),
 * never its id; the last crumb also names the browser tab. Loaded only on pages below an entity.
 */
export function EntityCrumb({ entity, id, last }: { entity: BreadcrumbEntity; id: string; last: boolean }) {
  const name = useEntityName(entity, id);
  useDocumentTitle(last ? name : null);
  return name ?? <CrumbPlaceholder />;
}
