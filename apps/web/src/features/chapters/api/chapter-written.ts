import { useQueryClient } from "@tanstack/react-query";
import type { TChapterDetail } from "@vt/shared/contracts/chapters";
import { chapterQueryOptions } from "./get-chapter";
import { chaptersQueryKeyOfComic } from "./get-chapters";

/** Stores an answered chapter and refreshes the comic's chapter lists. */
export function useChapterWritten() {
  const queryClient = useQueryClient();
  return (chapter: TChapterDetail) => {
    queryClient.setQueryData(chapterQueryOptions(chapter.id).queryKey, chapter);
    void queryClient.invalidateQueries({ queryKey: chaptersQueryKeyOfComic(chapter.comicId) });
  };
}
