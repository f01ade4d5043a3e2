import { describe, expect, it } from "vitest";
import { isLoginPage, isSignedInPage, loginPageHref } from "./pages";

describe("the dashboard's page addresses", () => {
  it("builds the sign-in page's address from its search, leaving out empty values", () => {
    expect(loginPageHref()).toBe("/login");
    expect(loginPageHref({ next: "/comics", view: "register", token: "" })).toBe(
      "/login?next=%2Fcomics&view=register",
    );
    const next = "/comics?search=thanh gươm&page=2";
    const href = loginPageHref({ next });
    expect(href).toMatch(/^\/login\?next=[^&?]+$/);
    expect(decodeURIComponent(href.slice("/login?next=".length))).toBe(next);
  });

  it("knows the sign-in page, with or without a trailing slash", () => {
    expect(isLoginPage("/login")).toBe(true);
    expect(isLoginPage("/login/")).toBe(true);
    expect(isLoginPage("/login-history")).toBe(false);
    expect(isLoginPage("/comics/login")).toBe(false);
  });

  it("knows the pages behind the guard, a parameter being one path segment", () => {
    for (const path of [
      "/",
      "/dashboard",
      "/comics",
      "/comics/",
      "/comics/upload",
      "/comics/12",
      "/comics/12/info",
      "/comics/12/chapters",
      "/comics/12/chapters/340",
      "/comics/12/chapters/340/",
      "/teams/3/members",
      "/authors",
      "/admin",
    ]) {
      expect(isSignedInPage(path), path).toBe(true);
    }
  });

  it("leaves public and unknown addresses alone (the 404 page is shown signed in or not)", () => {
    for (const path of [
      "/login",
      "/verify-email",
      "/nope",
      "/comics/12/nope",
      "/comics/12/chapters/340/pages",
      "/teams/3/members/4",
      "/dashboardx",
      "/xcomics",
      "",
    ]) {
      expect(isSignedInPage(path), path).toBe(false);
    }
  });
});
