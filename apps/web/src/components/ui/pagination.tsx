import { ChevronLeftIcon, ChevronRightIcon } from "lucide-react";
import { Button } from "@/components/ui/button";

/**
 * Previous / "page x of y" / next; nothing when everything fits on one page. Texts come translated
 * from the caller (`status` receives page and total).
 */
export function Pagination({
  page,
  totalPages,
  onPageChange,
  labels,
}: {
  page: number;
  totalPages: number;
  onPageChange: (page: number) => void;
  labels: { nav: string; previous: string; next: string; status: (page: number, total: number) => string };
}) {
  if (totalPages <= 1) return null;
  return (
    <nav aria-label={labels.nav} className="flex items-center justify-center gap-3">
      <Button
        variant="outline"
        size="sm"
        disabled={page <= 1}
        onClick={() => onPageChange(page - 1)}
        aria-label={labels.previous}
      >
        <ChevronLeftIcon aria-hidden />
        <span className="max-sm:sr-only">{labels.previous}</span>
      </Button>
      <span className="text-muted-foreground text-sm tabular-nums" aria-live="polite">
        {labels.status(page, totalPages)}
      </span>
      <Button
        variant="outline"
        size="sm"
        disabled={page >= totalPages}
        onClick={() => onPageChange(page + 1)}
        aria-label={labels.next}
      >
        <span className="max-sm:sr-only">{labels.next}</span>
        <ChevronRightIcon aria-hidden />
      </Button>
    </nav>
  );
}
