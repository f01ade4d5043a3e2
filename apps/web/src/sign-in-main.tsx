/**
 * The entry of /login (login.html): the sign-in page as its own document, without the dashboard's
 * router, so a signed-out visitor downloads only what signing in needs. The dashboard's guard loads
 * this page when nobody is signed in (app/router.tsx).
 */
import "./index.css";
import { StrictMode, Suspense, useEffect } from "react";
import { createRoot } from "react-dom/client";
import { AppProviders } from "@/app/providers/app-providers";
import { SessionGate } from "@/app/session-gate";
import { SplashScreen } from "@/app/splash-screen";
import { useAuth } from "@/features/auth/auth-store";
import { isSignedIn, safeNextPath } from "@/features/auth/guard";
import { useLoginSearch } from "@/features/auth/login-location";
import { LoginPage } from "@/features/auth/login-page";
import { restoreSession } from "@/features/auth/session";
import { takeSessionEnded } from "@/features/auth/session-ended";
import { ensureStoredVersion } from "@/lib/app-version";
import { i18n, i18nReady } from "@/lib/i18n";
import { startTheme } from "@/lib/theme";
import { toast } from "@/lib/toast";

ensureStoredVersion();
startTheme();

// After a session ended mid-use the visitor is signed out: the session check is skipped, since it
// would exchange a provider session still open for a new one and leave this page at once. Opening
// /login afresh later checks as usual.
const sessionEnded = takeSessionEnded();
const ready = Promise.all([sessionEnded ? undefined : restoreSession(), i18nReady]).then(() => {
  if (sessionEnded)
    toast.info(i18n.t("auth.sessionEnded.title"), {
      id: "session-ended",
      description: i18n.t("auth.sessionEnded.description"),
    });
});

/**
 * Once a user is present (signed in here, back from a third-party provider, or already signed in)
 * the page loads `next` when it is a same-site path, else /, replacing /login in the history; the
 * splash stands in for the form until the dashboard's document arrives.
 */
function SignInDocument() {
  const { user } = useAuth();
  const { next } = useLoginSearch();
  const signedIn = isSignedIn(user);
  useEffect(() => {
    if (signedIn) window.location.replace(safeNextPath(next));
  }, [signedIn, next]);
  return signedIn ? <SplashScreen /> : <LoginPage />;
}

const root = document.getElementById("root");
if (!root) throw new Error("login.html has no #root element");

createRoot(root).render(
  <StrictMode>
    <AppProviders>
      <Suspense fallback={<SplashScreen />}>
        <SessionGate ready={ready}>
          <SignInDocument />
        </SessionGate>
      </Suspense>
    </AppProviders>
  </StrictMode>,
);
