import { describe, expect, it } from "vitest";
import { buildBreadcrumbs } from "./breadcrumbs";

describe("buildBreadcrumbs", () => {
  it("shows the dashboard for the root path", () => {
    expect(buildBreadcrumbs("/")).toEqual([{ href: "/", kind: "page", key: "dashboard" }]);
  });

  it("links every segment to its cumulative path with a page name", () => {
    expect(buildBreadcrumbs("/comics/upload")).toEqual([
      { href: "/comics", kind: "page", key: "comics" },
      { href: "/comics/upload", kind: "page", key: "upload" },
    ]);
  });

  it("shows comic, chapter and team ids as ids", () => {
    expect(buildBreadcrumbs("/comics/12/chapters/345")).toEqual([
      { href: "/comics", kind: "page", key: "comics" },
      { href: "/comics/12", kind: "id", entity: "comic", id: "12" },
      { href: "/comics/12/chapters", kind: "page", key: "chapters" },
      { href: "/comics/12/chapters/345", kind: "id", entity: "chapter", id: "345" },
    ]);
    expect(buildBreadcrumbs("/teams/7/members").map((crumb) => crumb.kind)).toEqual(["page", "id", "page"]);
  });

  it("names a comic's History page (never the raw 'history')", () => {
    expect(buildBreadcrumbs("/comics/12/history").at(-1)).toEqual({
      href: "/comics/12/history",
      kind: "page",
      key: "history",
    });
  });

  it("names the new-chapter page instead of showing 'new' as an id", () => {
    expect(buildBreadcrumbs("/comics/12/chapters/new").at(-1)).toEqual({
      href: "/comics/12/chapters/new",
      kind: "page",
      key: "newChapter",
    });
  });

  it("ignores a trailing slash (/comics/12/ is the comic detail)", () => {
    expect(buildBreadcrumbs("/comics/12/")).toEqual([
      { href: "/comics", kind: "page", key: "comics" },
      { href: "/comics/12", kind: "id", entity: "comic", id: "12" },
    ]);
  });

  it("shows unknown segments decoded as text", () => {
    expect(buildBreadcrumbs("/v%C6%B0%E1%BB%9Dn")).toEqual([
      { href: "/v%C6%B0%E1%BB%9Dn", kind: "text", text: "vườn" },
    ]);
  });

  it("keeps a malformed escape as it is", () => {
    expect(buildBreadcrumbs("/%E0%A4%A")).toEqual([{ href: "/%E0%A4%A", kind: "text", text: "%E0%A4%A" }]);
  });
});
