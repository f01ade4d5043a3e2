import { isSignedInPage, SIGNED_IN_PAGES } from "@vt/shared/pages";
import { describe, expect, it } from "vitest";
import { router } from "./router";

type AnyRoute = { id: string; fullPath: string; parentRoute?: AnyRoute; children?: unknown };

describe("the router's pages", () => {
  const routes = Object.values(router.routesById) as unknown as AnyRoute[];
  const guarded = (route: AnyRoute): boolean =>
    route.parentRoute !== undefined && (route.parentRoute.id === "/app" || guarded(route.parentRoute));
  const pathOf = (route: AnyRoute) => (route.fullPath.length > 1 ? route.fullPath.replace(/\/$/, "") : "/");

  it("puts behind the guard exactly the pages the server sends a signed-out visitor away from", () => {
    const pages = new Set(routes.filter((r) => guarded(r) && !r.children).map(pathOf));
    expect([...pages].sort()).toEqual([...SIGNED_IN_PAGES].sort());
  });

  it("leaves its public pages public", () => {
    const open = routes.filter((r) => !guarded(r) && !r.children && r.id !== "__root__");
    expect(open.map(pathOf)).toEqual(["/verify-email"]);
    for (const route of open) expect(isSignedInPage(pathOf(route))).toBe(false);
  });
});
