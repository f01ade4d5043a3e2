import { InfoIcon } from "lucide-react";
import { useTranslation } from "react-i18next";
import { ConflictDialog } from "@/components/conflict/conflict-dialog";
import { type ChapterEditorProps, useChapterEditor } from "../hooks/use-chapter-editor";
import { ChapterAdvancedCard } from "./chapter-advanced-card";
import { ChapterBasicsCard } from "./chapter-basics-card";
import { ChapterPagesCard } from "./chapter-pages-card";
import { ChapterActions, ChapterPublishingCard } from "./chapter-publishing-card";
import { PageChecksPanel } from "./page-checks-panel";

/**
 * The chapter form (new and edit) with its pages. A new chapter becomes a draft on the server as
 * soon as its first pages are dropped (they upload into it); Save/Publish stay disabled until every
 * page is stored, and send the page order in the same request. Below the `lg` width the cards
 * stack and the buttons sit in a bar stuck to the bottom of the screen (ChapterActions). The page
 * checks (PageChecksPanel) sit above the publishing card, next to the pages on a wide screen.
 */
export function ChapterEditor(props: ChapterEditorProps) {
  const { t } = useTranslation();
  const editor = useChapterEditor(props);
  const { chapter, isDraft, missing, save, conflict, chapterId, session, checks, pages } = editor;

  return (
    <form
      noValidate
      onSubmit={save(isDraft ? true : undefined)}
      className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_20rem]"
    >
      <div className="grid min-w-0 content-start gap-6">
        {chapter && isDraft && (
          <p className="flex items-start gap-2 rounded-lg border border-dashed bg-muted/40 p-3 text-sm">
            <InfoIcon aria-hidden className="mt-0.5 size-4 shrink-0" />
            {t("chapters.editor.draftNotice")}
          </p>
        )}
        {missing > 0 && (
          <p
            role="status"
            className="flex items-start gap-2 rounded-lg border border-amber-500/50 bg-amber-500/10 p-3 text-sm"
          >
            <InfoIcon aria-hidden className="mt-0.5 size-4 shrink-0" />
            {t("chapters.editor.resumeNotice", { count: missing })}
          </p>
        )}
        <ChapterBasicsCard editor={editor} />
        <ChapterPagesCard editor={editor} />
      </div>

      <div className="grid min-w-0 content-start gap-6">
        {chapterId !== null && session && pages.length > 0 && (
          <PageChecksPanel chapterId={chapterId} session={session} checks={checks} />
        )}
        <ChapterPublishingCard editor={editor} />
        <ChapterAdvancedCard editor={editor} />
      </div>
      <ChapterActions
        editor={editor}
        className="sticky bottom-0 z-10 -mx-4 grid-cols-2 border-t bg-background/95 px-4 py-3 backdrop-blur md:-mx-6 md:px-6 lg:hidden [&>button:only-of-type]:col-span-full [&>p]:col-span-full"
      />
      <ConflictDialog {...conflict.dialog} />
    </form>
  );
}
