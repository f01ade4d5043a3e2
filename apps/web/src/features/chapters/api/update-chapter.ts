import { useMutation } from "@tanstack/react-query";
import type { UpdateChapterRequest } from "@vt/shared/api-schemas";
import { api } from "@/lib/api-client";
import { useChapterWritten } from "./chapter-written";

/**
 * `PUT /api/chapters/{id}`: the whole form plus, optionally, the page ids in reading order (saved
 * in one transaction; pages left out are removed) and `publish`.
 */
export function updateChapter(chapterId: number, body: UpdateChapterRequest) {
  return api.put(
    "/api/chapters/{chapterId}",
    { ...body, id: chapterId },
    { params: { path: { chapterId } } },
  );
}

export function useUpdateChapter(chapterId: number) {
  const written = useChapterWritten();
  return useMutation({
    mutationFn: (body: UpdateChapterRequest) => updateChapter(chapterId, body),
    onSuccess: written,
    meta: { silent: true },
  });
}
