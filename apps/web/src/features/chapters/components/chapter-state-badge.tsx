import type { TChapter } from "@vt/shared/contracts/chapters";
import { CalendarClockIcon, CircleCheckIcon, EyeOffIcon, FilePenLineIcon } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Badge } from "@/components/ui/badge";
import { formatDateTime } from "@/lib/date-format";

/** Draft, scheduled (with its date), hidden, or "published" for a chapter readers see now. */
export function ChapterStateBadges({
  chapter,
}: {
  chapter: Pick<TChapter, "state" | "hidden" | "publishAt" | "publishedAt" | "status">;
}) {
  const { t, i18n } = useTranslation();
  const at = chapter.publishAt ?? chapter.publishedAt;
  return (
    <div className="flex flex-wrap gap-1">
      {chapter.status === "draft" && (
        <Badge variant="outline" data-state="draft">
          <FilePenLineIcon aria-hidden />
          {t("chapters.badge.draft")}
        </Badge>
      )}
      {(chapter.state === "scheduled" || (chapter.status === "draft" && chapter.publishAt !== null)) &&
        at !== null && (
          <Badge variant="blossom" data-state="scheduled">
            <CalendarClockIcon aria-hidden />
            {t("chapters.badge.scheduled", { date: formatDateTime(at, i18n.language) })}
          </Badge>
        )}
      {chapter.status === "published" && chapter.state === "visible" && (
        <Badge variant="secondary" data-state="published">
          <CircleCheckIcon aria-hidden />
          {t("chapters.badge.published")}
        </Badge>
      )}
      {chapter.hidden && (
        <Badge variant="secondary" data-state="hidden">
          <EyeOffIcon aria-hidden />
          {t("chapters.badge.hidden")}
        </Badge>
      )}
    </div>
  );
}
