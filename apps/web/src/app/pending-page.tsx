import { LoaderCircleIcon } from "lucide-react";
import { useTranslation } from "react-i18next";

/** Shown while a lazily loaded page is on its way (after the router's pending delay). */
export function PendingPage() {
  const { t } = useTranslation();
  return (
    <div
      role="status"
      className="flex flex-1 items-center justify-center gap-2 p-10 text-muted-foreground text-sm"
    >
      <LoaderCircleIcon aria-hidden className="size-4 animate-spin" />
      {t("common.loading")}
    </div>
  );
}
