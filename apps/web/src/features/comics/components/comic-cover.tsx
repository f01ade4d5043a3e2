import { ImageOffIcon } from "lucide-react";
import { useTranslation } from "react-i18next";
import { cn } from "@/lib/utils";

/** A cover in its 3:4 frame, or a quiet placeholder when the comic has none. */
export function ComicCover({
  url,
  title,
  className,
}: {
  url: string | null | undefined;
  title: string;
  className?: string;
}) {
  const { t } = useTranslation();
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
