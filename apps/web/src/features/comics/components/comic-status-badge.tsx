import type { TComicStatus } from "@vt/shared/contracts/comics";
import { useTranslation } from "react-i18next";
import { Badge } from "@/components/ui/badge";
import { cn } from "@/lib/utils";

const TONES: Record<TComicStatus, string> = {
  upcoming: "bg-sky-500/15 text-sky-700 dark:text-sky-300",
  ongoing: "bg-primary/15 text-primary",
  completed: "bg-emerald-500/15 text-emerald-700 dark:text-emerald-300",
  hiatus: "bg-amber-500/15 text-amber-800 dark:text-amber-300",
  canceled: "bg-muted text-muted-foreground",
};

/** The platform's status label (comicStatus.*) in a colour of its own. */
export function ComicStatusBadge({ status, className }: { status: TComicStatus; className?: string }) {
  const { t } = useTranslation();
  return (
    <Badge variant="outline" className={cn("border-transparent", TONES[status], className)}>
      {t(`comicStatus.${status}`)}
    </Badge>
  );
}
