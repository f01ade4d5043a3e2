/**
 * The route tree (docs/dashboard.md, "Pages and the guard"), code-based. Every page is lazy-loaded
 * from `./routes/<name>.tsx`. /login is not here: it is its own document (login.html,
 * src/sign-in-main.tsx). To add a page: create `routes/<name>.tsx` exporting the page component,
 * add a `createRoute` below under the right parent, and list it in `routeTree`.
 */
import {
  createRootRouteWithContext,
  createRoute,
  createRouter,
  lazyRouteComponent,
  Outlet,
  redirect,
} from "@tanstack/react-router";
import { parseAdminSearch } from "@/features/admin/admin-search";
import { authStore } from "@/features/auth/auth-store";
import { isSignedIn, loginHref } from "@/features/auth/guard";
import { parseChapterListSearch } from "@/features/chapters/chapters-search";
import { parseComicListSearch } from "@/features/comics/comics-search";
import { parseRequestsSearch } from "@/features/requests/requests-search";
import { parseListSearch } from "@/lib/list-search";
import { PendingPage } from "./pending-page";

/** No router context: the query client is loaded with the signed-in layout, not the first download. */
export type RouterContext = Record<string, never>;

const rootRoute = createRootRouteWithContext<RouterContext>()({
  component: Outlet,
  notFoundComponent: lazyRouteComponent(() => import("./routes/not-found"), "NotFoundPage"),
});

// ── Public ────────────────────────────────────────────────────────────────────
const optionalString = (value: unknown) => (typeof value === "string" && value !== "" ? value : undefined);

/** /verify-email?token=…: the verification mail's link (built by the API); public, it signs in. */
const verifyEmailRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: "verify-email",
  validateSearch: (search: Record<string, unknown>): { token?: string } => ({
    token: optionalString(search.token),
  }),
  component: lazyRouteComponent(() => import("./routes/verify-email"), "VerifyEmailPage"),
});

// ── Signed in: the guard and the shell ────────────────────────────────────────
const appRoute = createRoute({
  getParentRoute: () => rootRoute,
  id: "app",
  beforeLoad: ({ location }) => {
    // /login is its own document (login.html): loaded, not rendered by this router.
    if (!isSignedIn(authStore.getState().user))
      throw redirect({ href: loginHref(location), reloadDocument: true, replace: true });
  },
  component: lazyRouteComponent(() => import("./shell/app-layout"), "AppLayout"),
});

const page = <T extends Record<string, unknown>>(importer: () => Promise<T>, name: keyof T & string) =>
  lazyRouteComponent(importer, name);

const homeRoute = createRoute({
  getParentRoute: () => appRoute,
  path: "/",
  component: page(() => import("./routes/home"), "HomePage"),
});
const dashboardRoute = createRoute({
  getParentRoute: () => appRoute,
  path: "dashboard",
  component: page(() => import("./routes/home"), "HomePage"),
});

const comicsRoute = createRoute({ getParentRoute: () => appRoute, path: "comics" });
const comicsIndexRoute = createRoute({
  getParentRoute: () => comicsRoute,
  path: "/",
  validateSearch: parseComicListSearch,
  // Starts the list request beside the page's chunk, not after it (the page shows its skeleton).
  loaderDeps: ({ search }) => search,
  loader: ({ deps }) => {
    void import("./routes/comics-loader").then(({ prefetchMyComics }) => prefetchMyComics(deps));
  },
  component: page(() => import("./routes/comics"), "ComicsPage"),
});
const comicUploadRoute = createRoute({
  getParentRoute: () => comicsRoute,
  path: "upload",
  component: page(() => import("./routes/comic-upload"), "ComicUploadPage"),
});
const comicRequestRoute = createRoute({
  getParentRoute: () => comicsRoute,
  path: "request",
  validateSearch: parseListSearch,
  component: page(() => import("./routes/comic-request"), "ComicRequestPage"),
});
const comicRoute = createRoute({
  getParentRoute: () => comicsRoute,
  path: "$comicId",
  // Starts fetching the comic on hover/navigation without blocking: each page shows its skeleton.
  loader: ({ params }) => {
    void import("./routes/comic-loader").then(({ prefetchComic }) => prefetchComic(params.comicId));
  },
});
const comicIndexRoute = createRoute({
  getParentRoute: () => comicRoute,
  path: "/",
  component: page(() => import("./routes/comic"), "ComicPage"),
});
const comicInfoRoute = createRoute({
  getParentRoute: () => comicRoute,
  path: "info",
  component: page(() => import("./routes/comic-info"), "ComicInfoPage"),
});
const comicThumbnailRoute = createRoute({
  getParentRoute: () => comicRoute,
  path: "thumbnail",
  component: page(() => import("./routes/comic-thumbnail"), "ComicThumbnailPage"),
});
const comicVolumesRoute = createRoute({
  getParentRoute: () => comicRoute,
  path: "volumes",
  component: page(() => import("./routes/comic-volumes"), "ComicVolumesPage"),
});
const comicHistoryRoute = createRoute({
  getParentRoute: () => comicRoute,
  path: "history",
  validateSearch: parseListSearch,
  component: page(() => import("./routes/comic-history"), "ComicHistoryPage"),
});
const comicChaptersRoute = createRoute({ getParentRoute: () => comicRoute, path: "chapters" });
const comicChaptersIndexRoute = createRoute({
  getParentRoute: () => comicChaptersRoute,
  path: "/",
  validateSearch: parseChapterListSearch,
  component: page(() => import("./routes/comic-chapters"), "ComicChaptersPage"),
});
const chapterRoute = createRoute({
  getParentRoute: () => comicChaptersRoute,
  path: "$chapterId",
  component: page(() => import("./routes/chapter"), "ChapterPage"),
});

const teamsRoute = createRoute({ getParentRoute: () => appRoute, path: "teams" });
const teamsIndexRoute = createRoute({
  getParentRoute: () => teamsRoute,
  path: "/",
  validateSearch: parseListSearch,
  component: page(() => import("./routes/teams"), "TeamsPage"),
});
const teamRoute = createRoute({
  getParentRoute: () => teamsRoute,
  path: "$teamId",
  // Starts fetching the team on hover/navigation without blocking: each page shows its skeleton.
  loader: ({ params }) => {
    void import("./routes/team-loader").then(({ prefetchTeam }) => prefetchTeam(params.teamId));
  },
});
const teamIndexRoute = createRoute({
  getParentRoute: () => teamRoute,
  path: "/",
  component: page(() => import("./routes/team"), "TeamPage"),
});
const teamInfoRoute = createRoute({
  getParentRoute: () => teamRoute,
  path: "info",
  component: page(() => import("./routes/team-info"), "TeamInfoPage"),
});
const teamMembersRoute = createRoute({
  getParentRoute: () => teamRoute,
  path: "members",
  validateSearch: parseListSearch,
  component: page(() => import("./routes/team-members"), "TeamMembersPage"),
});
const teamDonateRoute = createRoute({
  getParentRoute: () => teamRoute,
  path: "donate",
  component: page(() => import("./routes/team-donate"), "TeamDonatePage"),
});
const teamCreditRoute = createRoute({
  getParentRoute: () => teamRoute,
  path: "credit",
  component: page(() => import("./routes/team-credit"), "TeamCreditPage"),
});
const teamWebhooksRoute = createRoute({
  getParentRoute: () => teamRoute,
  path: "webhooks",
  component: page(() => import("./routes/team-webhooks"), "TeamWebhooksPage"),
});

const authorsRoute = createRoute({
  getParentRoute: () => appRoute,
  path: "authors",
  validateSearch: parseListSearch,
  component: page(() => import("./routes/authors"), "AuthorsPage"),
});
const artistsRoute = createRoute({
  getParentRoute: () => appRoute,
  path: "artists",
  validateSearch: parseListSearch,
  component: page(() => import("./routes/artists"), "ArtistsPage"),
});
const charactersRoute = createRoute({
  getParentRoute: () => appRoute,
  path: "characters",
  validateSearch: parseListSearch,
  component: page(() => import("./routes/characters"), "CharactersPage"),
});

const requestsRoute = createRoute({
  getParentRoute: () => appRoute,
  path: "requests",
  validateSearch: parseRequestsSearch,
  component: page(() => import("./routes/requests"), "RequestsPage"),
});

const tokensRoute = createRoute({
  getParentRoute: () => appRoute,
  path: "tokens",
  component: page(() => import("./routes/tokens"), "TokensPage"),
});

const adminRoute = createRoute({
  getParentRoute: () => appRoute,
  path: "admin",
  validateSearch: parseAdminSearch,
  component: page(() => import("./routes/admin"), "AdminPage"),
});

export const routeTree = rootRoute.addChildren([
  verifyEmailRoute,
  appRoute.addChildren([
    homeRoute,
    dashboardRoute,
    comicsRoute.addChildren([
      comicsIndexRoute,
      comicUploadRoute,
      comicRequestRoute,
      comicRoute.addChildren([
        comicIndexRoute,
        comicInfoRoute,
        comicThumbnailRoute,
        comicVolumesRoute,
        comicChaptersRoute.addChildren([comicChaptersIndexRoute, chapterRoute]),
        comicHistoryRoute,
      ]),
    ]),
    teamsRoute.addChildren([
      teamsIndexRoute,
      teamRoute.addChildren([
        teamIndexRoute,
        teamInfoRoute,
        teamMembersRoute,
        teamDonateRoute,
        teamCreditRoute,
        teamWebhooksRoute,
      ]),
    ]),
    authorsRoute,
    artistsRoute,
    charactersRoute,
    requestsRoute,
    tokensRoute,
    adminRoute,
  ]),
]);

export function createAppRouter() {
  return createRouter({
    routeTree,
    context: {},
    // Unknown paths render the root 404 page, outside the guard, signed in or not.
    notFoundMode: "root",
    defaultPreload: "intent",
    // Lazy like the pages: error screens are not part of the first download.
    defaultErrorComponent: lazyRouteComponent(() => import("./route-error"), "RouteError"),
    defaultPendingComponent: PendingPage,
    scrollRestoration: true,
  });
}

export const router = createAppRouter();

declare module "@tanstack/react-router" {
  interface Register {
    router: typeof router;
  }
}
