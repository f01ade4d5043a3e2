/**
 * The page checks the editor shows (components/page-checks-panel.tsx) and asks about before
 * publishing (docs/page-checks.md). The server checks the chapter's stored pages; the findings are
 * asked again whenever that set changes (an upload finished, a page replaced) and not while pages
 * are still uploading. A page removed in the editor but not saved yet leaves its findings at once:
 * each finding is read against the editor's pages, with their places in the editor's order.
 */
import { useQuery, useQueryClient } from "@tanstack/react-query";
import type { TPageCheckFinding } from "@vt/shared/contracts/page-checks";
import { useMemo } from "react";
import { pageChecksQueryOptions } from "../api/get-page-checks";
import type { EditorPage } from "../pages-session";

export type ShownFinding = {
  /** Stable across answers: the kind, the other chapter, the pages. */
  key: string;
  finding: TPageCheckFinding;
  /** The finding's pages still in the editor, with their place (1-based) in the editor's order. */
  pages: { page: EditorPage; position: number }[];
  kept: boolean;
};

const working = (p: EditorPage) =>
  p.state === "queued" || p.state === "processing" || p.state === "uploading";

export function usePageChecks(chapterId: number | null, pages: readonly EditorPage[]) {
  const queryClient = useQueryClient();
  const busy = pages.some(working);
  const signature = useMemo(
    () =>
      pages
        .filter((p) => p.state === "done" && p.id !== undefined)
        .map((p) => `${p.id}:${p.url ?? ""}`)
        .sort()
        .join(","),
    [pages],
  );
  const options = pageChecksQueryOptions(chapterId ?? 0, signature);
  const enabled = chapterId !== null && !busy && signature !== "";
  const query = useQuery({ ...options, enabled });

  const shown = useMemo((): ShownFinding[] => {
    const data = enabled || busy ? query.data : undefined;
    if (!data) return [];
    const place = new Map(pages.flatMap((p, i) => (p.id === undefined ? [] : [[p.id, i] as const])));
    return data.findings.flatMap((finding) => {
      const present = finding.pages.flatMap((ref) => {
        const i = place.get(ref.id);
        return i === undefined ? [] : [{ page: pages[i]!, position: i + 1 }];
      });
      // In the editor's order ("Trang 1, 2", not "Trang 2, 1" after pages were moved).
      present.sort((x, y) => x.position - y.position);
      if (present.length < (finding.kind === "duplicate" ? 2 : 1)) return [];
      const key = [
        finding.kind,
        finding.chapter?.id ?? "",
        finding.pages.map((p) => p.id).join("."),
        finding.kept ? "k" : "",
      ].join("-");
      return [{ key, finding, pages: present, kept: !!finding.kept }];
    });
  }, [query.data, pages, enabled, busy]);
  const open = shown.filter((f) => !f.kept);

  return {
    /** Findings not kept, then the kept ones (listed apart). */
    open,
    kept: shown.filter((f) => f.kept),
    data: query.data,
    /** Nothing stored yet, or pages still uploading: no answer is asked for. */
    idle: !enabled,
    busy,
    isPending: enabled && query.isPending,
    isFetching: query.isFetching,
    error: enabled ? query.error : null,
    refetch: () => void query.refetch(),
    /**
     * The findings not kept, fresh if they were not loaded yet; an empty list when the checks
     * cannot be read (they are advice: they never stop a publish).
     */
    unresolved: async (): Promise<number> => {
      if (!enabled) return 0;
      if (query.data && !query.isPlaceholderData) return open.length;
      try {
        const data = await queryClient.fetchQuery(options);
        const ids = new Set(pages.map((p) => p.id));
        return data.findings.filter((f) => !f.kept && f.pages.some((p) => ids.has(p.id))).length;
      } catch {
        return 0;
      }
    },
  };
}

export type PageChecksState = ReturnType<typeof usePageChecks>;
