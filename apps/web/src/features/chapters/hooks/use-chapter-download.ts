import { useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { isApiError } from "@/lib/api-error";
import { imageErrorI18nKey, isAbortError } from "@/lib/images/errors";
import type { ZipProgress } from "@/lib/images/progress";
import { downloadChapterZip } from "@/lib/images/zip";
import { showErrorToast } from "@/lib/query-client";
import { toast } from "@/lib/toast";
import { chapterQueryOptions } from "../api/get-chapter";

/**
 * What the zip is built from (docs/dashboard.md, "Images in the browser"): the zip is named after
 * the chapter's name ("Lời hứa.zip"), not its full label; a chapter without a name falls back to
 * its label ("Chương 3.zip").
 */
export function chapterZipSource(
  detail: {
    name: string;
    pages: readonly { url: string; src?: string | null; key?: string | null; staged?: boolean }[];
  },
  label: string,
) {
  return {
    chapter: {
      name: detail.name,
      pages: detail.pages.filter((p) => !p.staged).map((p) => ({ url: p.src ?? p.url, key: p.key })),
    },
    fallbackName: label,
  };
}

/**
 * Downloads a chapter as `{chapter name}.zip`, streamed page by page (scrambled pages unscrambled, JPEG
 * q0.95), with progress in one updating toast. An empty chapter says 'Chapter has no pages'.
 */
export function useChapterDownload() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState<number | null>(null);

  const download = async (chapterId: number, label: string) => {
    if (busy !== null) return;
    setBusy(chapterId);
    const id = toast.loading(t("chapters.download.preparing"));
    try {
      const detail = await queryClient.fetchQuery({ ...chapterQueryOptions(chapterId), staleTime: 0 });
      const { chapter, fallbackName } = chapterZipSource(detail, label);
      const result = await downloadChapterZip(chapter, {
        fallbackName,
        onProgress: (p: ZipProgress) =>
          toast.loading(t("chapters.download.progress", { done: p.pagesDone, total: p.total }), {
            id,
            description: `${Math.round(p.fraction * 100)}%`,
          }),
      });
      toast.success(t("chapters.download.done", { file: result.fileName }), { id, description: undefined });
    } catch (error) {
      toast.dismiss(id);
      if (isAbortError(error)) return;
      if (isApiError(error)) showErrorToast(error);
      else toast.error(t("errors.generic"), { description: t(imageErrorI18nKey(error) as "errors.generic") });
    } finally {
      setBusy(null);
    }
  };
  return { download, busy };
}
