import "@/features/comics/texts";
import "@/features/chapters/texts";
import "@/lib/power-texts";
import { getRouteApi } from "@tanstack/react-router";
import type { ComicDetail } from "@vt/shared/api-schemas";
import type { TChapterDetail } from "@vt/shared/contracts/chapters";
import { ArrowLeftIcon, SearchXIcon } from "lucide-react";
import { lazy, Suspense } from "react";
import { useTranslation } from "react-i18next";
import { EmptyState } from "@/components/empty-state";
import { LinkButton } from "@/components/link-button";
import { ErrorState } from "@/components/query-state";
import { useChapter } from "@/features/chapters/api/get-chapter";
import { useChapters } from "@/features/chapters/api/get-chapters";
import { NEW_CHAPTER, parseChapterId } from "@/features/chapters/chapters-search";
import { ChapterEditor } from "@/features/chapters/components/chapter-editor";
import { parseComicId } from "@/features/comics/comics-search";
import { ComicLayout, SectionSkeleton } from "@/features/comics/components/comic-layout";
import { useUploadSettings } from "@/features/teams/api/upload-settings";
import { isApiError } from "@/lib/api-error";

// Below the editor: its table and texts load after the page's first paint, not with it.
const ChapterHistory = lazy(() =>
  import("@/features/history/chapter-history").then((m) => ({ default: m.ChapterHistory })),
);

const route = getRouteApi("/app/comics/$comicId/chapters/$chapterId");

/** /comics/{id}/chapters/{chapterId} (and /chapters/new): the chapter editor with its pages. */
export function ChapterPage() {
  const { t } = useTranslation();
  const params = route.useParams();
  const navigate = route.useNavigate();
  const comicId = parseComicId(params.comicId);
  const isNew = params.chapterId === NEW_CHAPTER;
  const chapterId = isNew ? null : parseChapterId(params.chapterId);
  const chapter = useChapter(chapterId);
  const siblings = useChapters(comicId, "asc");
  const nextOrder = Math.floor(Math.max(0, ...(siblings.data ?? []).map((c) => c.order))) + 1;
  const missing =
    !isNew && (chapterId === null || (isApiError(chapter.error) && chapter.error.kind === "not-found"));
  return (
    <ComicLayout
      comicId={comicId}
      section="chapters"
      title={isNew ? t("chapters.editor.newTitle") : t("chapters.editor.editTitle")}
      description={t("chapters.editor.newDescription")}
    >
      {(comic) => (
        <div className="grid gap-4">
          <LinkButton
            variant="ghost"
            size="sm"
            className="w-fit"
            to="/comics/$comicId/chapters"
            params={{ comicId: String(comic.id) }}
            icon={ArrowLeftIcon}
            label={t("chapters.editor.back")}
          />
          {missing ? (
            <EmptyState
              icon={SearchXIcon}
              title={t("chapters.editor.notFoundTitle")}
              description={t("chapters.editor.notFoundDescription")}
            />
          ) : !isNew && !chapter.data ? (
            chapter.isError ? (
              <ErrorState
                error={chapter.error}
                onRetry={() => void chapter.refetch()}
                retrying={chapter.isFetching}
              />
            ) : (
              <SectionSkeleton />
            )
          ) : (
            <>
              <EditorWithTeamDefaults
                key={params.chapterId}
                comic={comic}
                chapter={chapter.data}
                nextOrder={nextOrder}
                onCreated={(id) =>
                  void navigate({
                    to: "/comics/$comicId/chapters/$chapterId",
                    params: { comicId: String(comic.id), chapterId: String(id) },
                    replace: true,
                  })
                }
              />
              {chapterId !== null && (
                <Suspense fallback={null}>
                  <ChapterHistory chapterId={chapterId} />
                </Suspense>
              )}
            </>
          )}
        </div>
      )}
    </ComicLayout>
  );
}

/**
 * The editor, once the uploading team's settings are known for a new chapter (its scheduled date
 * starts at now + the team's publish delay); the team's tall-strip default presets the page drop's
 * option (for a chapter being edited it arrives when read). A failed read falls back to off/no delay.
 */
function EditorWithTeamDefaults(props: {
  comic: ComicDetail;
  chapter: TChapterDetail | undefined;
  nextOrder: number;
  onCreated: (chapterId: number) => void;
}) {
  const teamId = props.chapter ? props.chapter.team.id : (props.comic.can.teams[0]?.id ?? null);
  const settings = useUploadSettings(teamId);
  if (!props.chapter && teamId !== null && settings.isPending) return <SectionSkeleton />;
  return (
    <ChapterEditor
      {...props}
      publishDelayHours={settings.data?.publishDelayHours ?? 0}
      splitTallStrips={settings.data?.splitTallStrips ?? false}
    />
  );
}
