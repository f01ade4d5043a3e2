import { ChevronLeftIcon, ChevronRightIcon } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Button } from "@/components/ui/button";

/**
 * Previous / "page x of y" / next; nothing when everything fits on one page. `label` names the
 * navigation for screen readers (default "Phân trang").
 */
export function Pagination({
  page,
  totalPages,
  onPageChange,
  label,
}: {
  page: number;
  totalPages: number;
  onPageChange: (page: number) => void;
  label?: string;
}) {
  const { t } = useTranslation();
  if (totalPages <= 1) return null;
  const previous = t("common.pagination.previous");
  const next = t("common.pagination.next");
  return (
    <nav
      aria-label={label ?? t("common.pagination.label")}
      className="flex items-center justify-center gap-3"
    >
      <Button
        variant="outline"
        size="sm"
        disabled={page <= 1}
        onClick={() => onPageChange(page - 1)}
        aria-label={previous}
      >
        <ChevronLeftIcon aria-hidden />
        <span className="max-sm:sr-only">{previous}</span>
      </Button>
      <span className="text-muted-foreground text-sm tabular-nums" aria-live="polite">
        {t("common.pagination.status", { page, total: totalPages })}
      </span>
      <Button
        variant="outline"
        size="sm"
        disabled={page >= totalPages}
        onClick={() => onPageChange(page + 1)}
        aria-label={next}
      >
        <span className="max-sm:sr-only">{next}</span>
        <ChevronRightIcon aria-hidden />
      </Button>
    </nav>
  );
}
