import { useMutation } from "@tanstack/react-query";
import type { CreateChapterRequest } from "@vt/shared/api-schemas";
import { api } from "@/lib/api-client";
import { useChapterWritten } from "./chapter-written";

/** `POST /api/chapters`: creates a draft (readers do not see it until it is published). */
export function createChapter(body: CreateChapterRequest) {
  return api.post("/api/chapters", body);
}

export function useCreateChapter() {
  const written = useChapterWritten();
  return useMutation({ mutationFn: createChapter, onSuccess: written, meta: { silent: true } });
}
