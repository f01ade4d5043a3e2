import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { Skeleton } from "@/components/ui/skeleton";

/** Stands for a name that is still loading. */
export function CrumbPlaceholder() {
  const { t } = useTranslation();
  return (
    <>
      <Skeleton aria-hidden className="inline-block h-3.5 w-16 align-middle" />
      <span className="sr-only">{t("breadcrumb.loading")}</span>
    </>
  );
}

/**
 * Names the browser tab "<page> · Vườn Truyện Studio". `undefined`: still loading (a placeholder
 * text); `null`: someone else names it.
 */
export function useDocumentTitle(label: string | undefined | null) {
  const { t } = useTranslation();
  const studio = t("common.studioName");
  const text = label === undefined ? t("breadcrumb.loading") : label;
  useEffect(() => {
    if (text !== null) document.title = `${text} · ${studio}`;
  }, [text, studio]);
}
