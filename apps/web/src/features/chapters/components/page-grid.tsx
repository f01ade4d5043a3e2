import type { Announcements } from "@dnd-kit/core";
import { ArrowDownAZIcon, RotateCwIcon, Trash2Icon } from "lucide-react";
import { useId, useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { ActionButton } from "@/components/action-button";
import { useModal } from "@/components/modal/use-modal";
import { SortableGrid } from "@/components/sortable-grid";
import { Checkbox } from "@/components/ui/checkbox";
import { Label } from "@/components/ui/label";
import { toast } from "@/lib/toast";
import { useLooseT } from "../hooks/use-chapter-label";
import type { EditorPage, PagesSession } from "../pages-session";
import { PageTile } from "./page-tile";

/**
 * The chapter's pages as a thumbnail grid: drag (pointer, touch or keyboard, with spoken
 * announcements) to reorder, select several to delete, replace or retry one.
 */
export function PageGrid({ session, pages }: { session: PagesSession; pages: readonly EditorPage[] }) {
  const { t } = useTranslation();
  const modal = useModal();
  const looseT = useLooseT();
  const selectAllId = useId();
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const ids = useMemo(() => pages.map((p) => p.uid), [pages]);
  const position = (id: string | number | undefined) => ids.indexOf(String(id)) + 1;
  const announcements: Announcements = {
    onDragStart: ({ active }) => t("chapters.pages.dnd.start", { from: position(active.id) }),
    onDragOver: ({ active, over }) =>
      over ? t("chapters.pages.dnd.over", { from: position(active.id), to: position(over.id) }) : undefined,
    onDragEnd: ({ active, over }) =>
      t("chapters.pages.dnd.end", { from: position(active.id), to: position(over?.id ?? active.id) }),
    onDragCancel: ({ active }) => t("chapters.pages.dnd.cancel", { from: position(active.id) }),
  };
  const live = selected.size > 0 ? new Set(ids.filter((id) => selected.has(id))) : selected;
  const toggle = (uid: string, on: boolean) => {
    const next = new Set(live);
    if (on) next.add(uid);
    else next.delete(uid);
    setSelected(next);
  };
  const deleteSelected = async () => {
    const count = live.size;
    const ok = await modal.confirm({
      title: t("chapters.pages.deleteSelectedTitle", { count }),
      description: t("chapters.pages.deleteSelectedDescription"),
      destructive: true,
      confirmLabel: t("chapters.pages.deleteSelected"),
    });
    if (!ok) return;
    session.remove([...live]);
    setSelected(new Set());
  };
  const failed = pages.some((p) => p.state === "error");
  const allSelected = pages.length > 0 && live.size === pages.length;

  return (
    <div className="grid gap-3">
      <div className="flex flex-wrap items-center gap-2">
        <div className="flex items-center gap-2 text-sm">
          <Checkbox
            id={selectAllId}
            className="size-6 [&_svg]:size-4"
            checked={allSelected ? true : live.size > 0 ? "indeterminate" : false}
            onCheckedChange={(v) => setSelected(v === true ? new Set(ids) : new Set())}
          />
          <Label htmlFor={selectAllId}>
            {live.size > 0
              ? t("chapters.pages.selected", { count: live.size })
              : t("chapters.pages.selectAll")}
          </Label>
        </div>
        <div className="ml-auto flex flex-wrap gap-2">
          {failed && (
            <ActionButton
              type="button"
              size="sm"
              variant="outline"
              onClick={() => session.retryAll()}
              icon={<RotateCwIcon aria-hidden />}
              label={t("chapters.pages.retryAll")}
            />
          )}
          <ActionButton
            type="button"
            size="sm"
            variant="outline"
            onClick={() => session.sortByName()}
            disabled={pages.length < 2}
            icon={<ArrowDownAZIcon aria-hidden />}
            label={t("chapters.pages.sortByName")}
          />
          {live.size > 0 && (
            <ActionButton
              type="button"
              size="sm"
              variant="destructive"
              onClick={deleteSelected}
              icon={<Trash2Icon aria-hidden />}
              label={t("chapters.pages.deleteSelected")}
            />
          )}
        </div>
      </div>
      <SortableGrid
        ids={ids}
        onMove={(from, to) => session.move(from, to)}
        announcements={announcements}
        instructions={t("chapters.pages.dnd.instructions")}
        dragDistance={5}
      >
        <ol
          aria-label={t("chapters.pages.gridLabel")}
          className="grid grid-cols-[repeat(auto-fill,minmax(8rem,1fr))] gap-2 sm:gap-3"
        >
          {pages.map((page, index) => (
            <PageTile
              key={page.uid}
              page={page}
              index={index}
              selected={live.has(page.uid)}
              onSelect={(on) => toggle(page.uid, on)}
              onRemove={() => session.remove([page.uid])}
              onRetry={() => session.retry(page.uid)}
              onReplace={async (file) => {
                const problem = await session.replace(page.uid, file);
                if (problem) toast.error(looseT(problem.key, problem.params));
              }}
            />
          ))}
        </ol>
      </SortableGrid>
    </div>
  );
}
