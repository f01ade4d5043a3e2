import "./index.css";
import "@/lib/i18n";
import { RouterProvider } from "@tanstack/react-router";
import { StrictMode, Suspense } from "react";
import { createRoot } from "react-dom/client";
import { AppProviders } from "@/app/providers/app-providers";
import { router } from "@/app/router";
import { SessionGate } from "@/app/session-gate";
import { SplashScreen } from "@/app/splash-screen";
import { restoreSession } from "@/features/auth/session";
import { ensureStoredVersion } from "@/lib/query-client";
import { startTheme } from "@/lib/theme";

ensureStoredVersion();
startTheme();
const sessionReady = restoreSession();

const root = document.getElementById("root");
if (!root) throw new Error("index.html has no #root element");

createRoot(root).render(
  <StrictMode>
    <AppProviders>
      <Suspense fallback={<SplashScreen />}>
        <SessionGate ready={sessionReady}>
          <RouterProvider router={router} />
        </SessionGate>
      </Suspense>
    </AppProviders>
  </StrictMode>,
);
