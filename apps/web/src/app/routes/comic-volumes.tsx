import "@/features/comics/texts";
import { getRouteApi } from "@tanstack/react-router";
import { useTranslation } from "react-i18next";
import { QueryState } from "@/components/query-state";
import { useComicArts } from "@/features/comics/api/get-comic-arts";
import { parseComicId } from "@/features/comics/comics-search";
import { AddVolumeArtForm } from "@/features/comics/components/add-volume-art-form";
import { ComicLayout } from "@/features/comics/components/comic-layout";
import { VolumeArtGrid } from "@/features/comics/components/volume-art-grid";

const route = getRouteApi("/app/comics/$comicId/volumes");

/** /comics/{id}/volumes: volume art, one image per volume number; add and delete. */
export function ComicVolumesPage() {
  const { t } = useTranslation();
  const comicId = parseComicId(route.useParams().comicId);
  const arts = useComicArts(comicId);
  const nextVolume = Math.max(0, ...(arts.data ?? []).map((art) => art.volume)) + 1;
  return (
    <ComicLayout
      comicId={comicId}
      section="volumes"
      title={t("pages.comicVolumes.title")}
      description={t("pages.comicVolumes.description")}
    >
      {(comic) => (
        <>
          {comic.can.upload && <AddVolumeArtForm comicId={comic.id} nextVolume={nextVolume} />}
          <QueryState query={arts} loading={<VolumeArtGrid comicId={comic.id} arts={undefined} />}>
            {(data) => <VolumeArtGrid comicId={comic.id} arts={data} />}
          </QueryState>
        </>
      )}
    </ComicLayout>
  );
}
