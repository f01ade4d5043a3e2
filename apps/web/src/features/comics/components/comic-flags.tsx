import type { TComicRef } from "@vt/shared/contracts/comics";
import { useTranslation } from "react-i18next";
import { Badge } from "@/components/ui/badge";

/** The small flags beside a title: 18+, and pending delete / merge requests (naming the merge's target). */
export function ComicFlags({
  comic,
}: {
  comic: {
    isMature: boolean;
    deleteRequested: boolean;
    mergeRequested: boolean;
    mergeTarget?: TComicRef | null | undefined;
  };
}) {
  const { t } = useTranslation();
  if (!comic.isMature && !comic.deleteRequested && !comic.mergeRequested) return null;
  const mergeText = comic.mergeTarget
    ? t("comics.list.mergeInto", { title: comic.mergeTarget.title })
    : t("comics.list.mergeRequested");
  return (
    <span className="flex min-w-0 flex-wrap gap-1">
      {comic.isMature && <Badge variant="destructive">{t("comics.list.mature")}</Badge>}
      {comic.deleteRequested && <Badge variant="outline">{t("comics.list.deleteRequested")}</Badge>}
      {comic.mergeRequested && (
        <Badge variant="outline" className="h-auto max-w-full whitespace-normal break-words text-left">
          {mergeText}
        </Badge>
      )}
    </span>
  );
}
