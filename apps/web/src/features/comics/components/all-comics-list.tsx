import type { TComicListItem } from "@vt/shared/contracts/comics";
import { BookKeyIcon, CheckCircle2Icon } from "lucide-react";
import { useTranslation } from "react-i18next";
import { LinkButton } from "@/components/link-button";
import { RequestStatusBadge } from "@/components/request-status-badge";
import { Button } from "@/components/ui/button";
import { cn } from "@/lib/utils";
import { ComicCover } from "./comic-cover";
import { ComicStatusBadge } from "./comic-status-badge";

/**
 * Every comic of the platform, for /comics/request: each says whether my team may already upload
 * to it, shows my latest permission request's status, or offers to ask for permission.
 */
export function AllComicsList({
  comics,
  onAsk,
  busy = false,
}: {
  comics: TComicListItem[];
  onAsk: (comic: TComicListItem) => void;
  busy?: boolean;
}) {
  const { t } = useTranslation();
  return (
    <ul className="grid gap-3 sm:grid-cols-2 xl:grid-cols-3" aria-busy={busy || undefined}>
      {comics.map((comic) => {
        const pending = comic.permissionRequest?.status === "pending";
        const canAsk = !comic.canUpload && !pending;
        return (
          // Clicking a comic asks for permission (the button inside is the keyboard path).
          // biome-ignore lint/a11y/useKeyWithClickEvents: the card's Ask button is the keyboard target
          <li
            key={comic.id}
            data-testid="comic-card"
            onClick={canAsk ? () => onAsk(comic) : undefined}
            className={cn(
              "flex gap-3 rounded-xl border bg-card p-3 text-card-foreground shadow-sm",
              canAsk && "cursor-pointer hover:border-primary/50",
            )}
          >
            <ComicCover comic={comic} className="w-16" />
            <div className="grid min-w-0 flex-1 content-start gap-1.5">
              <p className="line-clamp-2 font-medium text-sm">{comic.title}</p>
              {comic.anotherName && (
                <p className="line-clamp-1 text-muted-foreground text-xs">{comic.anotherName}</p>
              )}
              <p className="truncate text-muted-foreground text-xs">{comic.team.name}</p>
              <div className="flex flex-wrap items-center gap-1.5">
                <ComicStatusBadge status={comic.status} />
                {comic.permissionRequest && !comic.canUpload && (
                  <RequestStatusBadge status={comic.permissionRequest.status} />
                )}
              </div>
              <div className="mt-1">
                {comic.canUpload ? (
                  <LinkButton
                    size="sm"
                    variant="ghost"
                    className="h-7 px-2 text-primary"
                    to="/comics/$comicId"
                    params={{ comicId: String(comic.id) }}
                    icon={CheckCircle2Icon}
                    label={t("comics.request.canUpload")}
                  />
                ) : (
                  !pending && (
                    <Button
                      size="sm"
                      variant="outline"
                      className="h-7"
                      onClick={(event) => {
                        event.stopPropagation();
                        onAsk(comic);
                      }}
                      aria-label={`${t("comics.request.ask")}: ${comic.title}`}
                    >
                      <BookKeyIcon aria-hidden />
                      {t("comics.request.ask")}
                    </Button>
                  )
                )}
              </div>
            </div>
          </li>
        );
      })}
    </ul>
  );
}
