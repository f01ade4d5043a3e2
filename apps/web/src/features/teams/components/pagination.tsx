import { ChevronLeftIcon, ChevronRightIcon } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Button } from "@/components/ui/button";

/** Previous / "page x of y" / next; hidden when everything fits on one page. */
export function Pagination({
  page,
  totalPages,
  onPageChange,
}: {
  page: number;
  totalPages: number;
  onPageChange: (page: number) => void;
}) {
  const { t } = useTranslation();
  if (totalPages <= 1) return null;
  return (
    <nav aria-label={t("teams.pagination.label")} className="flex items-center justify-center gap-3">
      <Button
        variant="outline"
        size="sm"
        disabled={page <= 1}
        onClick={() => onPageChange(page - 1)}
        aria-label={t("teams.pagination.previous")}
      >
        <ChevronLeftIcon aria-hidden />
        <span className="max-sm:sr-only">{t("teams.pagination.previous")}</span>
      </Button>
      <span className="text-muted-foreground text-sm tabular-nums" aria-live="polite">
        {t("teams.pagination.status", { page, total: totalPages })}
      </span>
      <Button
        variant="outline"
        size="sm"
        disabled={page >= totalPages}
        onClick={() => onPageChange(page + 1)}
        aria-label={t("teams.pagination.next")}
      >
        <span className="max-sm:sr-only">{t("teams.pagination.next")}</span>
        <ChevronRightIcon aria-hidden />
      </Button>
    </nav>
  );
}
