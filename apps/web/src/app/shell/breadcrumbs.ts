/**
 * Breadcrumb segments for a path (docs/dashboard.md, "The shell"): one crumb per path segment,
 * linking to the cumulative path. Known segments show a translated page name (`breadcrumb.<key>`);
 * ids become `id` crumbs that the header shows by the loaded entity's name (comic title, chapter
 * label, team name).
 */

export const BREADCRUMB_PAGE_KEYS = [
  "dashboard",
  "comics",
  "upload",
  "request",
  "info",
  "thumbnail",
  "volumes",
  "chapters",
  "teams",
  "members",
  "donate",
  "credit",
  "webhooks",
  "authors",
  "artists",
  "characters",
  "requests",
  "admin",
  "newChapter",
  "tokens",
  "history",
] as const;
export type BreadcrumbPageKey = (typeof BREADCRUMB_PAGE_KEYS)[number];

/** Segments after which the next segment is an entity id, and which entity it is. */
const ID_AFTER = { comics: "comic", chapters: "chapter", teams: "team" } as const;
export type BreadcrumbEntity = (typeof ID_AFTER)[keyof typeof ID_AFTER];

export type Crumb = { href: string } & (
  | { kind: "page"; key: BreadcrumbPageKey }
  | { kind: "id"; entity: BreadcrumbEntity; id: string }
  | { kind: "text"; text: string }
);

function isPageKey(segment: string): segment is BreadcrumbPageKey {
  return (BREADCRUMB_PAGE_KEYS as readonly string[]).includes(segment);
}

function decode(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

export function buildBreadcrumbs(pathname: string): Crumb[] {
  const segments = pathname.split("/").filter(Boolean);
  if (segments.length === 0) return [{ href: "/", kind: "page", key: "dashboard" }];

  const crumbs: Crumb[] = [];
  let href = "";
  segments.forEach((segment, index) => {
    href += `/${segment}`;
    const previous = segments[index - 1];
    const entity = previous && previous in ID_AFTER ? ID_AFTER[previous as keyof typeof ID_AFTER] : undefined;
    // "/comics/upload" is a page, "/comics/12" an id: known page names win over the id position.
    if (entity === "chapter" && segment === "new") {
      crumbs.push({ href, kind: "page", key: "newChapter" });
    } else if (isPageKey(segment) && !(entity && /^\d+$/.test(segment))) {
      crumbs.push({ href, kind: "page", key: segment });
    } else if (entity) {
      crumbs.push({ href, kind: "id", entity, id: decode(segment) });
    } else {
      crumbs.push({ href, kind: "text", text: decode(segment) });
    }
  });
  return crumbs;
}
