import { useTranslation } from "react-i18next";
import { Badge } from "@/components/ui/badge";

/** The small flags beside a title: 18+, and pending delete / merge requests. */
export function ComicFlags({
  comic,
}: {
  comic: { isMature: boolean; deleteRequested: boolean; mergeRequested: boolean };
}) {
  const { t } = useTranslation();
  if (!comic.isMature && !comic.deleteRequested && !comic.mergeRequested) return null;
  return (
    <span className="flex flex-wrap gap-1">
      {comic.isMature && <Badge variant="destructive">{t("comics.list.mature")}</Badge>}
      {comic.deleteRequested && <Badge variant="outline">{t("comics.list.deleteRequested")}</Badge>}
      {comic.mergeRequested && <Badge variant="outline">{t("comics.list.mergeRequested")}</Badge>}
    </span>
  );
}
