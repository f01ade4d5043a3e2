import { ImageOffIcon } from "lucide-react";
import { useTranslation } from "react-i18next";
import { cn } from "@/lib/utils";

/**
 * A comic's cover in its 3:4 frame, or a quiet placeholder when it has none: the small thumbnail
 * (when there is one) unless `large`.
 */
export function ComicCover({
  comic,
  large = false,
  className,
}: {
  comic: { title: string; thumbnailUrl?: string | null; thumbnailSmallUrl?: string | null };
  large?: boolean;
  className?: string;
}) {
  const { t } = useTranslation();
  const { title } = comic;
  const url = large ? comic.thumbnailUrl : (comic.thumbnailSmallUrl ?? comic.thumbnailUrl);
  return (
    <div className={cn("aspect-[3/4] shrink-0 overflow-hidden rounded-md border bg-muted", className)}>
      {url ? (
        <img
          src={url}
          alt={t("comics.coverOf", { title })}
          loading="lazy"
          decoding="async"
          className="size-full object-cover"
        />
      ) : (
        <div
          className="flex size-full items-center justify-center text-muted-foreground"
          title={t("comics.noCover")}
        >
          <ImageOffIcon aria-hidden className="size-1/3 max-h-8 max-w-8" />
          <span className="sr-only">{t("comics.noCover")}</span>
        </div>
      )}
    </div>
  );
}
