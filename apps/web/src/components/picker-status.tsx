import { LoaderCircleIcon } from "lucide-react";
import { useTranslation } from "react-i18next";

/**
 * What a picker's empty result list says: "loading…" while the search runs, else "nothing found".
 * Its texts (`comics.picker`) ship with the comics texts, which every route with a picker loads.
 */
export function PickerStatus({ loading, live = false }: { loading: boolean; live?: boolean }) {
  const { t } = useTranslation();
  return (
    <p
      className="flex items-center gap-2 px-2 py-1.5 text-muted-foreground text-sm"
      aria-live={live ? "polite" : undefined}
    >
      {loading ? (
        <>
          <LoaderCircleIcon aria-hidden className="size-4 animate-spin" />
          {t("comics.picker.loading")}
        </>
      ) : (
        t("comics.picker.noResults")
      )}
    </p>
  );
}
