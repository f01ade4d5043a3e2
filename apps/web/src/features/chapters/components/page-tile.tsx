import { useSortable } from "@dnd-kit/sortable";
import { CSS } from "@dnd-kit/utilities";
import { GripVerticalIcon, RotateCwIcon, XIcon } from "lucide-react";
import { useRef } from "react";
import { useTranslation } from "react-i18next";
import { IconButton } from "@/components/icon-button";
import { Button } from "@/components/ui/button";
import { Checkbox } from "@/components/ui/checkbox";
import { Progress } from "@/components/ui/progress";
import { getErrorMessage, isApiError } from "@/lib/api-error";
import { imageErrorI18nKey } from "@/lib/images/errors";
import { cn } from "@/lib/utils";
import { usePageThumb } from "../hooks/use-page-thumb";
import type { EditorPage } from "../pages-session";
import { ReplacePageButton } from "./replace-page-button";

/** One page of the grid: thumbnail, number, state, select, drag handle, replace / remove / retry. */
export function PageTile({
  page,
  index,
  selected,
  onSelect,
  onRemove,
  onRetry,
  onReplace,
  disabled,
}: {
  page: EditorPage;
  index: number;
  selected: boolean;
  onSelect: (selected: boolean) => void;
  onRemove: () => void;
  onRetry: () => void;
  onReplace: (file: File) => void;
  disabled?: boolean;
}) {
  const { t } = useTranslation();
  const n = index + 1;
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } =
    useSortable({ id: page.uid, disabled });
  const frame = useRef<HTMLDivElement>(null);
  const thumb = usePageThumb(frame, page.thumb, page.key);
  const working = page.state === "queued" || page.state === "processing" || page.state === "uploading";
  const errorText =
    page.state === "error"
      ? isApiError(page.error)
        ? getErrorMessage(page.error)
        : t(imageErrorI18nKey(page.error) as "errors.generic")
      : undefined;
  return (
    <li
      ref={setNodeRef}
      style={{ transform: CSS.Translate.toString(transform), transition }}
      data-page-uid={page.uid}
      data-page-name={page.name}
      data-state={page.state}
      aria-label={t("chapters.pages.page", { n })}
      className={cn(
        "group relative flex flex-col overflow-hidden rounded-lg border bg-card text-card-foreground shadow-xs",
        selected && "ring-2 ring-primary",
        page.state === "error" && "border-destructive",
        isDragging && "z-10 opacity-80 shadow-lg",
      )}
    >
      <div ref={frame} className="relative aspect-[2/3] bg-muted">
        {thumb && (
          <img
            src={thumb}
            alt={t("chapters.pages.page", { n })}
            loading="lazy"
            decoding="async"
            draggable={false}
            className="size-full object-cover"
          />
        )}
        <div className="absolute top-1.5 left-1.5 flex items-center gap-1">
          <Checkbox
            checked={selected}
            onCheckedChange={(v) => onSelect(v === true)}
            aria-label={t("chapters.pages.select", { n })}
            // A touch target of 24 px at least (WCAG 2.5.8), not the 16 px of a form's checkbox.
            className="size-6 bg-background/90 [&_svg]:size-4"
          />
        </div>
        <button
          type="button"
          ref={setActivatorNodeRef}
          {...attributes}
          {...listeners}
          aria-label={t("chapters.pages.dragHandle", { n })}
          className="absolute top-1 right-1 flex size-8 cursor-grab touch-none items-center justify-center rounded-md bg-background/90 text-foreground shadow-xs outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50 active:cursor-grabbing"
        >
          <GripVerticalIcon aria-hidden className="size-4" />
        </button>
        {working && (
          <div className="absolute inset-x-0 bottom-0 grid gap-1 bg-background/85 p-1.5">
            <span className="text-xs">{t(`chapters.pages.state.${page.state}`)}</span>
            <Progress
              value={Math.round(page.progress * 100)}
              aria-label={t(`chapters.pages.state.${page.state}`)}
            />
          </div>
        )}
        {page.state === "error" && (
          <div className="absolute inset-x-0 bottom-0 grid gap-1 bg-background/90 p-1.5">
            <span role="alert" className="line-clamp-2 text-destructive text-xs">
              {errorText}
            </span>
            <Button type="button" size="sm" variant="outline" onClick={onRetry}>
              <RotateCwIcon aria-hidden />
              {t("chapters.pages.retry")}
            </Button>
          </div>
        )}
      </div>
      <div className="flex items-center gap-1 px-2 py-1">
        <span className="font-medium text-sm tabular-nums">{n}</span>
        <span className="flex-1" />
        {page.id !== undefined && !working && <ReplacePageButton n={n} onReplace={onReplace} />}
        <IconButton
          icon={XIcon}
          label={t("chapters.pages.remove", { n })}
          tooltip
          type="button"
          onClick={onRemove}
        />
      </div>
      {/* The whole file name, wrapped: pages are checked by name ("1 pag…" told nothing). */}
      {page.name && (
        <p
          data-slot="page-name"
          className="break-all px-2 pb-1.5 text-muted-foreground text-xs leading-snug"
          title={page.name}
        >
          {page.name}
        </p>
      )}
    </li>
  );
}
