import { useTranslation } from "react-i18next";
import { useRequestCounts } from "@/features/requests/api/get-request-counts";

/** Pending requests of my teams plus those waiting for my review, beside the sidebar entry. */
export function RequestCountBadge() {
  const { t } = useTranslation();
  const counts = useRequestCounts();
  const total = (counts.data?.sent ?? 0) + (counts.data?.review ?? 0);
  if (!total) return null;
  return (
    <span
      className="ml-auto rounded-full bg-primary/15 px-1.5 text-primary text-xs tabular-nums"
      title={t("nav.pendingCount", { count: total })}
      data-testid="requests-count"
    >
      <span aria-hidden>{total}</span>
      <span className="sr-only">{t("nav.pendingCount", { count: total })}</span>
    </span>
  );
}
