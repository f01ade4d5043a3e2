import { afterEach, describe, expect, it } from "vitest";
import { readSidebarCookie, sidebarCookie, writeSidebarCookie } from "./sidebar-cookie";

describe("sidebar cookie", () => {
  afterEach(() => {
    // biome-ignore lint/suspicious/noDocumentCookie: the test resets the cookie the sidebar writes.
    document.cookie = "sidebar_state=; path=/; max-age=0";
  });

  it("is named sidebar_state and lasts 7 days", () => {
    expect(sidebarCookie(false)).toBe("sidebar_state=false; path=/; max-age=604800; SameSite=Lax");
  });

  it("reads back what was written", () => {
    writeSidebarCookie(false);
    expect(readSidebarCookie(document.cookie)).toBe(false);
    writeSidebarCookie(true);
    expect(readSidebarCookie(document.cookie)).toBe(true);
  });

  it("is undefined when absent or unreadable, among other cookies", () => {
    expect(readSidebarCookie("")).toBeUndefined();
    expect(readSidebarCookie("theme=dark; sidebar_state=maybe")).toBeUndefined();
    expect(readSidebarCookie("a=1; sidebar_state=false; b=2")).toBe(false);
  });
});
