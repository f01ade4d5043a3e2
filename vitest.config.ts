import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    projects: [
      "packages/shared",
      "apps/api",
      "apps/web",
      // The repository's own scripts (scripts/*.test.mjs), e.g. the dashboard build reuse of `npm start`.
      { test: { name: "scripts", environment: "node", include: ["scripts/**/*.test.mjs"] } },
    ],
  },
});
