import { Link } from "@tanstack/react-router";
import {
  BookOpenTextIcon,
  ImageIcon,
  InfoIcon,
  LayoutDashboardIcon,
  LibraryBigIcon,
  type LucideIcon,
} from "lucide-react";
import { useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import { cn } from "@/lib/utils";

export type ComicSection = "overview" | "info" | "thumbnail" | "volumes" | "chapters";

type SectionLink = {
  key: ComicSection;
  to:
    | "/comics/$comicId"
    | "/comics/$comicId/info"
    | "/comics/$comicId/thumbnail"
    | "/comics/$comicId/volumes"
    | "/comics/$comicId/chapters";
  icon: LucideIcon;
};

export const COMIC_SECTIONS: readonly SectionLink[] = [
  { key: "overview", to: "/comics/$comicId", icon: LayoutDashboardIcon },
  { key: "info", to: "/comics/$comicId/info", icon: InfoIcon },
  { key: "thumbnail", to: "/comics/$comicId/thumbnail", icon: ImageIcon },
  { key: "volumes", to: "/comics/$comicId/volumes", icon: LibraryBigIcon },
  { key: "chapters", to: "/comics/$comicId/chapters", icon: BookOpenTextIcon },
];

/** The comic's sections as a tab-like row of links; scrolls sideways on narrow screens. */
export function ComicSectionNav({ comicId, active }: { comicId: number; active: ComicSection }) {
  const { t } = useTranslation();
  const currentRef = useRef<HTMLAnchorElement>(null);
  useEffect(() => {
    currentRef.current?.scrollIntoView?.({ block: "nearest", inline: "nearest" });
  }, []);
  return (
    <nav aria-label={t("comics.nav.label")} className="-mx-4 overflow-x-auto px-4 md:mx-0 md:px-0">
      <ul className="flex w-max gap-1 border-b md:w-full">
        {COMIC_SECTIONS.map((section) => {
          const current = section.key === active;
          return (
            <li key={section.key}>
              <Link
                to={section.to}
                params={{ comicId: String(comicId) }}
                ref={current ? currentRef : undefined}
                aria-current={current ? "page" : undefined}
                className={cn(
                  "-mb-px flex items-center gap-2 whitespace-nowrap border-b-2 px-3 py-2.5 font-medium text-sm outline-none transition-colors focus-visible:ring-[3px] focus-visible:ring-ring/50",
                  current
                    ? "border-primary text-foreground"
                    : "border-transparent text-muted-foreground hover:border-border hover:text-foreground",
                )}
              >
                <section.icon aria-hidden className="size-4" />
                {t(`comics.nav.${section.key}`)}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
