import { lazy, Suspense } from "react";
import { useOpenedOnce } from "@/components/modal/use-opened-once";
import type { ChapterPreviewProps } from "./chapter-preview";

export type { ChapterPreviewProps, PreviewPage } from "./chapter-preview";

const ChapterPreview = lazy(() => import("./chapter-preview").then((m) => ({ default: m.ChapterPreview })));

/**
 * The chapter as readers see it: pages one under the other, full width; a scrambled page is fetched
 * and rebuilt with its key in the image workers (what the platform's readers do). Loaded when first
 * opened (`useOpenedOnce`), not with the chapter's page.
 */
export function ChapterPreviewDialog(props: ChapterPreviewProps) {
  const opened = useOpenedOnce(props.open);
  if (!opened) return null;
  return (
    <Suspense fallback={null}>
      <ChapterPreview {...props} />
    </Suspense>
  );
}
