import "@/features/comics/texts";
import "@/features/chapters/texts";
import "@/lib/power-texts";
import { getRouteApi } from "@tanstack/react-router";
import { useTranslation } from "react-i18next";
import { ChapterList } from "@/features/chapters/components/chapter-list";
import { parseComicId } from "@/features/comics/comics-search";
import { ComicLayout } from "@/features/comics/components/comic-layout";
import { useUploadSettings } from "@/features/teams/api/upload-settings";

const route = getRouteApi("/app/comics/$comicId/chapters/");

/** /comics/{id}/chapters: the comic's chapters, sorted by order (`?order=desc` in the URL). */
export function ComicChaptersPage() {
  const { t } = useTranslation();
  const comicId = parseComicId(route.useParams().comicId);
  const sort = route.useSearch().order ?? "asc";
  const navigate = route.useNavigate();
  return (
    <ComicLayout
      comicId={comicId}
      section="chapters"
      title={t("pages.comicChapters.title")}
      description={t("pages.comicChapters.description")}
    >
      {(comic) => (
        <ChaptersWithTeamDefaults
          comicId={comic.id}
          sort={sort}
          canUpload={comic.can.upload}
          uploadTeamIds={comic.can.teams.map((team) => team.id)}
          onSortChange={(next) =>
            void navigate({
              search: (prev) => ({ ...prev, order: next === "desc" ? "desc" : undefined }),
              replace: true,
            })
          }
        />
      )}
    </ComicLayout>
  );
}

/** The bulk import's "split tall strips" starts from the first uploading team's default (off until read). */
function ChaptersWithTeamDefaults(props: Omit<Parameters<typeof ChapterList>[0], "splitTallStrips">) {
  const settings = useUploadSettings(props.uploadTeamIds[0] ?? null);
  return <ChapterList {...props} splitTallStrips={settings.data?.splitTallStrips ?? false} />;
}
