import "@/features/comics/texts";
import { getRouteApi } from "@tanstack/react-router";
import type { ComicDetail } from "@vt/shared/api-schemas";
import { COMIC_IMAGE_MAX_BYTES } from "@vt/shared/contracts/comics";
import { LoaderCircleIcon, SaveIcon, XIcon } from "lucide-react";
import { useEffect, useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "@/components/ui/button";
import { Card, CardContent } from "@/components/ui/card";
import { useUploadThumbnail } from "@/features/comics/api/upload-thumbnail";
import { parseComicId } from "@/features/comics/comics-search";
import { ComicLayout } from "@/features/comics/components/comic-layout";
import { CoverPicker } from "@/features/comics/components/cover-picker";
import { toast } from "@/lib/toast";

const route = getRouteApi("/app/comics/$comicId/thumbnail");

/** /comics/{id}/thumbnail: a new cover, checked (and cropped to 3:4) in the browser, then on the server. */
export function ComicThumbnailPage() {
  const { t } = useTranslation();
  const comicId = parseComicId(route.useParams().comicId);
  return (
    <ComicLayout
      comicId={comicId}
      section="thumbnail"
      title={t("pages.comicThumbnail.title")}
      description={t("pages.comicThumbnail.description")}
    >
      {(comic) => <ThumbnailEditor comic={comic} />}
    </ComicLayout>
  );
}

function ThumbnailEditor({ comic }: { comic: ComicDetail }) {
  const { t } = useTranslation();
  const upload = useUploadThumbnail(comic.id);
  const [picked, setPicked] = useState<File | null>(null);
  const [percent, setPercent] = useState<number | null>(null);
  const previewUrl = useMemo(() => (picked ? URL.createObjectURL(picked) : null), [picked]);
  useEffect(() => () => void (previewUrl && URL.revokeObjectURL(previewUrl)), [previewUrl]);

  const save = async () => {
    if (!picked) return;
    setPercent(0);
    const saved = await upload
      .mutateAsync({ file: picked, onProgress: (progress) => setPercent(progress.percent ?? 0) })
      .catch(() => undefined)
      .finally(() => setPercent(null));
    if (!saved) return;
    setPicked(null);
    toast.success(t("success.updated"));
  };

  return (
    <Card className="max-w-xl">
      <CardContent className="grid gap-4 pt-6">
        <CoverPicker
          label={t("fields.thumbnail")}
          imageUrl={previewUrl ?? comic.thumbnailUrl}
          maxBytes={COMIC_IMAGE_MAX_BYTES}
          percent={percent}
          disabled={!comic.can.edit || upload.isPending}
          onPick={setPicked}
        />
        {!comic.can.edit && <p className="text-muted-foreground text-sm">{t("comics.form.readOnly")}</p>}
        {picked && (
          <div className="flex flex-wrap items-center gap-2 border-t pt-4">
            <p className="mr-auto text-muted-foreground text-sm">{t("comics.cover.pendingHint")}</p>
            <Button variant="ghost" onClick={() => setPicked(null)} disabled={upload.isPending}>
              <XIcon aria-hidden />
              {t("comics.cover.discard")}
            </Button>
            <Button onClick={() => void save()} disabled={upload.isPending}>
              {upload.isPending ? (
                <LoaderCircleIcon aria-hidden className="animate-spin" />
              ) : (
                <SaveIcon aria-hidden />
              )}
              {t("comics.cover.save")}
            </Button>
          </div>
        )}
      </CardContent>
    </Card>
  );
}
