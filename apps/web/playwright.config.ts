import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { defineConfig } from "@playwright/test";

// End-to-end tests drive Debian's Chromium against the real product: the API process
// serving the built dashboard, on a throwaway data directory (PGlite + local files).
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const port = Number(process.env.E2E_PORT ?? 3900);
process.env.E2E_DATA_DIR ??= mkdtempSync(path.join(tmpdir(), "vt-e2e-"));
export const baseURL = `http://127.0.0.1:${port}`;
export const ADMIN_EMAIL = "quan.tri.e2e@vuon-truyen.vn";
/** One platform admin per spec that needs one, so no spec sees another's notifications. */
export const MERGE_ADMIN_EMAIL = "quan.tri.gop.e2e@vuon-truyen.vn";
export const REQUESTS_ADMIN_EMAIL = "quan.tri.yeu.cau.e2e@vuon-truyen.vn";

export default defineConfig({
  testDir: "./e2e",
  outputDir: path.join(root, "test-results"),
  fullyParallel: false,
  workers: 1,
  // One retry: a spec that fails twice fails the run; one that passes on the retry is reported as
  // flaky in the list (and counted as passed by scripts/test.mjs), so a flake stays visible.
  retries: 1,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: process.env.E2E_JSON ? [["list"], ["json", { outputFile: process.env.E2E_JSON }]] : "list",
  use: {
    baseURL,
    locale: "vi-VN",
    trace: "retain-on-failure",
    screenshot: "only-on-failure",
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
      args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-dev-shm-usage"],
    },
  },
  webServer: {
    // The real API behind a real SMTP server on loopback (mails land in E2E_DATA_DIR/mail).
    command: "node apps/web/e2e/support/server-with-mail.mjs",
    cwd: root,
    url: `${baseURL}/api/health`,
    reuseExistingServer: false,
    // A cold start (migrations on a new PGlite directory) on a busy 2-core machine can take minutes.
    timeout: 300_000,
    stdout: "ignore",
    stderr: "pipe",
    env: {
      PORT: String(port),
      HOST: "127.0.0.1",
      PUBLIC_URL: baseURL,
      DATA_DIR: process.env.E2E_DATA_DIR,
      E2E_MAIL_DIR: path.join(process.env.E2E_DATA_DIR, "mail"),
      DATABASE_URL: "",
      LOG_LEVEL: "warn",
      E2E: "1",
      // Every spec signs users up from 127.0.0.1: the production limit (5 a minute) would throttle
      // the suite, not test it. The limit itself is tested in apps/api (password.test.ts).
      AUTH_RATE_LIMIT: "1000",
      // The admins of the specs: granted once their address is verified (docs/identity.md).
      ADMIN_EMAILS: [ADMIN_EMAIL, MERGE_ADMIN_EMAIL, REQUESTS_ADMIN_EMAIL].join(","),
      // The webhooks spec's receiver listens on 127.0.0.1 (docs/webhooks.md, "Safety").
      WEBHOOK_ALLOW_PRIVATE: "true",
    },
  },
});
