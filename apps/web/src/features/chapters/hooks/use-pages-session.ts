import { useSyncExternalStore } from "react";
import { type PagesSession, pagesSession } from "../pages-session";

/** The pages of a chapter's editing session, re-rendering on every change. */
export function usePagesSession(chapterId: number | null): {
  session: PagesSession | null;
  pages: ReturnType<PagesSession["snapshot"]>;
} {
  const session = chapterId === null ? null : pagesSession(chapterId);
  const pages = useSyncExternalStore(session?.subscribe ?? noopSubscribe, session?.snapshot ?? emptySnapshot);
  return { session, pages };
}

const noopSubscribe = () => () => {};
const EMPTY: never[] = [];
const emptySnapshot = () => EMPTY;
