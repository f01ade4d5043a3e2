import type { TRequestStatus } from "@vt/shared/contracts/comics";
import { useTranslation } from "react-i18next";
import { Badge } from "@/components/ui/badge";
import { cn } from "@/lib/utils";

const TONES: Record<TRequestStatus, string> = {
  pending: "bg-amber-500/15 text-amber-800 dark:text-amber-300",
  approved: "bg-emerald-500/15 text-emerald-700 dark:text-emerald-300",
  rejected: "bg-destructive/15 text-destructive",
  cancelled: "bg-muted text-muted-foreground",
  superseded: "bg-muted text-muted-foreground",
};

/** A request's status (docs/requests.md). */
export function RequestStatusBadge({ status }: { status: TRequestStatus }) {
  const { t } = useTranslation();
  return (
    <Badge variant="outline" className={cn("border-transparent", TONES[status])}>
      {t(`requests.status.${status}`)}
    </Badge>
  );
}
