import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { TKeepFindingRequest } from "@vt/shared/contracts/page-checks";
import { api } from "@/lib/api-client";
import { pageChecksQueryKey } from "./get-page-checks";

/**
 * `PUT /api/chapters/{id}/checks/kept`: keeps a finding (or stops keeping it). A page shared with
 * another chapter is kept for the whole comic; the other kinds for these pages of this chapter.
 * The answer is the chapter's checks afresh, shown at once.
 */
export function keepFinding(chapterId: number, body: TKeepFindingRequest) {
  return api.put("/api/chapters/{chapterId}/checks/kept", body, { params: { path: { chapterId } } });
}

export function useKeepFinding(chapterId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TKeepFindingRequest) => keepFinding(chapterId, body),
    onSuccess: (checks) => queryClient.setQueriesData({ queryKey: pageChecksQueryKey(chapterId) }, checks),
  });
}
