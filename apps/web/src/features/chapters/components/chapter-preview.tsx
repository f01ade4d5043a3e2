import { LoaderIcon } from "lucide-react";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { DialogShell } from "@/components/dialog-shell";
import { getImagePool } from "@/lib/images/pool";

export type PreviewPage = { src: string; key?: string };

export type ChapterPreviewProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  pages: readonly PreviewPage[] | undefined;
};

/** The preview's dialog, loaded when first opened (ChapterPreviewDialog, chapter-preview-dialog.tsx). */
export function ChapterPreview({ open, onOpenChange, title, pages }: ChapterPreviewProps) {
  const { t } = useTranslation();
  return (
    <DialogShell
      open={open}
      onOpenChange={onOpenChange}
      closeLabel={t("chapters.preview.close")}
      className="max-h-[calc(100svh-1rem)] p-0 sm:max-w-3xl"
      headerClassName="p-4 pb-0"
      title={t("chapters.preview.title", { chapter: title })}
      description={t("chapters.preview.description")}
    >
      <div className="bg-neutral-900" data-testid="chapter-preview">
        {pages === undefined ? (
          <div className="flex justify-center p-10 text-neutral-300">
            <LoaderIcon aria-hidden className="size-6 animate-spin" />
          </div>
        ) : pages.length === 0 ? (
          <p className="p-10 text-center text-neutral-300 text-sm">{t("chapters.preview.empty")}</p>
        ) : (
          pages.map((page, index) => <PreviewImage key={page.src} page={page} n={index + 1} />)
        )}
      </div>
    </DialogShell>
  );
}

function PreviewImage({ page, n }: { page: PreviewPage; n: number }) {
  const { t } = useTranslation();
  const [src, setSrc] = useState<string | null>(page.key ? null : page.src);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    if (!page.key) return;
    const key = page.key;
    const controller = new AbortController();
    let url: string | undefined;
    (async () => {
      const res = await fetch(page.src, { signal: controller.signal, credentials: "same-origin" });
      if (!res.ok) throw new Error(`HTTP ${res.status}`);
      const out = await getImagePool().unscramblePage(await res.blob(), key, { signal: controller.signal });
      url = URL.createObjectURL(out.blob);
      setSrc(url);
    })().catch(() => {
      if (!controller.signal.aborted) setFailed(true);
    });
    return () => {
      controller.abort();
      if (url) URL.revokeObjectURL(url);
    };
  }, [page.key, page.src]);
  if (failed)
    return <p className="p-6 text-center text-destructive text-sm">{t("chapters.preview.failed", { n })}</p>;
  if (!src)
    return (
      <p className="flex items-center justify-center gap-2 p-10 text-neutral-300 text-sm">
        <LoaderIcon aria-hidden className="size-4 animate-spin" />
        {t("chapters.preview.loading", { n })}
      </p>
    );
  return (
    <img
      src={src}
      alt={t("chapters.pages.page", { n })}
      data-scrambled={page.key ? "true" : undefined}
      className="mx-auto block w-full max-w-[800px]"
      loading="lazy"
      decoding="async"
    />
  );
}
