import "./texts";
import { HistoryIcon } from "lucide-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { SectionCard } from "@/components/section-card";
import { AuditTable } from "./audit-table";

/** The History section of a chapter page: its audit rows, who, what, when, before → after. */
export function ChapterHistory({ chapterId }: { chapterId: number }) {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  return (
    <SectionCard
      id="history"
      headingId="chapter-history-heading"
      icon={HistoryIcon}
      title={t("review.history.tab")}
    >
      <p className="text-muted-foreground text-sm">{t("review.history.chapterDescription")}</p>
      <AuditTable source={{ chapterId }} page={page} onPage={setPage} />
    </SectionCard>
  );
}
