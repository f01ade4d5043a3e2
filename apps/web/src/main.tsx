import "./index.css";
import { type AnyRoute, RouterProvider } from "@tanstack/react-router";
import { QUERY_CACHE_KEY } from "@vt/shared/constants";
import { StrictMode, Suspense } from "react";
import { createRoot } from "react-dom/client";
import { startEarlyRequests } from "@/app/early-requests";
import { AppProviders } from "@/app/providers/app-providers";
import { router } from "@/app/router";
import { SessionGate } from "@/app/session-gate";
import { VerifyEmailBanner } from "@/app/shell/verify-email-banner-chunk";
import { SplashScreen } from "@/app/splash-screen";
import { authStore } from "@/features/auth/auth-store";
import { isSignedIn } from "@/features/auth/guard";
import { restoreSession } from "@/features/auth/session";
import { ensureStoredVersion } from "@/lib/app-version";
import { i18nReady } from "@/lib/i18n";
import { startTheme } from "@/lib/theme";

ensureStoredVersion();
startTheme();

/**
 * A visitor signed in last time (only signed-in users keep a persisted query cache), or one who
 * opens a signed-in list page by its address, most likely is signed in: fetch the query client, the
 * signed-in layout and the page's chunks beside the session check instead of after it. A wrong
 * guess costs a download, never a different screen.
 */
function warmSignedInChunks(likelySignedIn: boolean) {
  try {
    if (!likelySignedIn && window.localStorage.getItem(QUERY_CACHE_KEY) === null) return;
  } catch {
    return;
  }
  const ignore = () => undefined;
  import("@/lib/query-client").catch(ignore);
  for (const match of router.matchRoutes(router.latestLocation)) {
    const route = (router.routesById as Record<string, AnyRoute | undefined>)[match.routeId];
    if (route) router.loadRouteChunk(route)?.catch(ignore);
  }
}
// The session check goes first: on HTTP/1.1 the browser opens 6 connections to a host, and the
// early list request and the chunk downloads below would otherwise queue ahead of it.
// An unverified user's banner loads beside the layout's chunks, not after the layout rendered.
const sessionRestored = restoreSession().then(() => {
  const user = authStore.getState().user;
  if (isSignedIn(user) && user?.emailVerified === false) return VerifyEmailBanner.preload?.();
});
warmSignedInChunks(startEarlyRequests());
// The first render waits for the session check, for a non-default language its texts, and for a
// signed-in user the persisted query cache.
const ready = Promise.all([sessionRestored, i18nReady]).then(async () => {
  // The query client (and its persistence) is loaded for signed-in users only: the sign-in page
  // does without it.
  const startPersistence = (restore: boolean) =>
    import("@/lib/query-client").then(({ startQueryPersistence }) => startQueryPersistence({ restore }));
  if (isSignedIn(authStore.getState().user)) await startPersistence(true);
  // A sign-in later in this page's life starts persistence with an empty cache.
  authStore.subscribe(() => {
    if (isSignedIn(authStore.getState().user)) void startPersistence(false);
  });
});

// A page restored from the back/forward cache is the signed-in screen as it was before a logout
// or a session end; load it afresh so the session check decides what to show.
window.addEventListener("pageshow", (event) => {
  if (event.persisted && isSignedIn(authStore.getState().user)) window.location.reload();
});

const root = document.getElementById("root");
if (!root) throw new Error("index.html has no #root element");

createRoot(root).render(
  <StrictMode>
    <AppProviders>
      <Suspense fallback={<SplashScreen />}>
        <SessionGate ready={ready}>
          <RouterProvider router={router} />
        </SessionGate>
      </Suspense>
    </AppProviders>
  </StrictMode>,
);
