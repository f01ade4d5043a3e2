import "@/features/requests/texts";
import { HistoryIcon } from "lucide-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { AuditTable } from "@/features/admin/admin-lists";

/** The History section of a chapter page: its audit rows, who, what, when, before → after. */
export function ChapterHistory({ chapterId }: { chapterId: number }) {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  return (
    <section
      id="history"
      aria-labelledby="chapter-history-heading"
      className="grid gap-3 rounded-xl border bg-card p-4 shadow-sm md:p-5"
    >
      <h2 id="chapter-history-heading" className="flex items-center gap-2 font-semibold">
        <HistoryIcon aria-hidden className="size-4 text-muted-foreground" />
        {t("review.history.tab")}
      </h2>
      <p className="text-muted-foreground text-sm">{t("review.history.chapterDescription")}</p>
      <AuditTable source={{ chapterId }} page={page} onPage={setPage} />
    </section>
  );
}
