import type { TComicArt } from "@vt/shared/contracts/comic-arts";
import { LibraryBigIcon, Trash2Icon } from "lucide-react";
import { useTranslation } from "react-i18next";
import { EmptyState } from "@/components/empty-state";
import { useModal } from "@/components/modal/use-modal";
import { Button } from "@/components/ui/button";
import { Skeleton } from "@/components/ui/skeleton";
import { toast } from "@/lib/toast";
import { useDeleteComicArt } from "../api/delete-comic-art";

/** The comic's volume art, by volume number, each deletable after a confirmation. */
export function VolumeArtGrid({ comicId, arts }: { comicId: number; arts: TComicArt[] | undefined }) {
  const { t } = useTranslation();
  const modal = useModal();
  const remove = useDeleteComicArt(comicId);

  if (!arts) {
    return (
      <ul className="grid grid-cols-2 gap-4 sm:grid-cols-3 lg:grid-cols-5" aria-busy="true">
        {Array.from({ length: 5 }, (_, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have nothing else to key on
          <li key={index}>
            <Skeleton className="aspect-[3/4] w-full" />
          </li>
        ))}
      </ul>
    );
  }
  if (arts.length === 0) {
    return (
      <EmptyState
        icon={LibraryBigIcon}
        title={t("comics.volumes.emptyTitle")}
        description={t("comics.volumes.emptyDescription")}
      />
    );
  }
  const sorted = [...arts].sort((a, b) => a.volume - b.volume || a.id - b.id);
  return (
    <ul
      aria-label={t("comics.volumes.gridLabel")}
      className="grid grid-cols-2 gap-4 sm:grid-cols-3 lg:grid-cols-5"
    >
      {sorted.map((art) => (
        <li key={art.id} className="group grid gap-2">
          <div className="relative aspect-[3/4] overflow-hidden rounded-lg border bg-muted">
            <img
              src={art.image.url}
              alt={t("comics.volumes.volumeLabel", { volume: art.volume })}
              loading="lazy"
              className="size-full object-cover"
            />
            <Button
              variant="secondary"
              size="icon-sm"
              className="absolute top-2 right-2 opacity-90 shadow-sm group-hover:opacity-100"
              aria-label={t("comics.volumes.delete", { volume: art.volume })}
              onClick={() =>
                void modal.confirm({
                  title: t("comics.volumes.confirmDeleteTitle", { volume: art.volume }),
                  description: t("comics.volumes.confirmDeleteDescription"),
                  destructive: true,
                  onConfirm: async () => {
                    const done = await remove.mutateAsync(art.id).catch(() => undefined);
                    if (done) toast.success(t("success.deleted"));
                  },
                })
              }
            >
              <Trash2Icon aria-hidden />
            </Button>
          </div>
          <p className="text-center font-medium text-sm">
            {t("comics.volumes.volumeLabel", { volume: art.volume })}
          </p>
        </li>
      ))}
    </ul>
  );
}
