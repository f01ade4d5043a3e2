/**
 * The import directions of docs/architecture.md, checked by `npm run lint` (depcruise).
 * Biome lints code; this file lints the arrows between folders, which Biome cannot express
 * (a rule per pair of features would be needed).
 */
/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: "web-feature-to-feature",
      comment:
        "A feature never imports another feature: compose them at the route (apps/web/src/app/routes), " +
        "or move what both need to components/, lib/ or packages/shared.",
      severity: "error",
      from: { path: "^apps/web/src/features/([^/]+)/" },
      to: { path: "^apps/web/src/features/", pathNot: "^apps/web/src/features/$1/" },
    },
    {
      name: "web-shared-to-features",
      comment: "components/, lib/ and hooks/ serve every feature, so they import none (nor the app layer).",
      severity: "error",
      from: { path: "^apps/web/src/(components|lib|hooks)/" },
      to: { path: "^apps/web/src/(features|app)/" },
    },
    {
      name: "web-locales-bottom",
      comment: "locales/ is the web's lowest layer: the catalogues import no other folder of the web.",
      severity: "error",
      from: { path: "^apps/web/src/locales/" },
      to: { path: "^apps/web/src/(app|features|components|lib|hooks)/" },
    },
    {
      name: "web-no-cycles",
      comment:
        "No import cycle in the web, lazy imports included (the router lazily loads the layout: the " +
        "layout must not import the router back).",
      severity: "error",
      from: { path: "^apps/web/src/" },
      to: { circular: true },
    },
    {
      name: "web-feature-to-app",
      comment: "Features do not import the app layer (router, shell): the app composes features.",
      severity: "error",
      from: { path: "^apps/web/src/features/" },
      to: { path: "^apps/web/src/app/" },
    },
    {
      name: "api-module-internals",
      comment:
        "An API module uses another module only through its public entry, `<module>.service.ts`; " +
        "repos, routes and helpers stay private. Shared server code lives in src/lib or src/db.",
      severity: "error",
      from: { path: "^apps/api/src/modules/([^/]+)/" },
      to: {
        path: "^apps/api/src/modules/",
        pathNot: ["^apps/api/src/modules/$1/", "^apps/api/src/modules/[^/]+/[^/]+\\.service\\.ts$"],
      },
    },
    {
      name: "api-lower-layers-to-modules",
      comment:
        "lib, db, auth, storage, mail and jobs sit below the modules and never import one; a job file (jobs/*.job.ts) is the one exception: it runs a module's work through that module's service.",
      severity: "error",
      from: {
        path: "^apps/api/src/(lib|db|auth|storage|mail|jobs)/",
        pathNot: "(\\.test\\.ts|^apps/api/src/jobs/[^/]+\\.job\\.ts)$",
      },
      to: { path: "^apps/api/src/modules/" },
    },
    {
      name: "api-lib-below-auth",
      comment:
        "The layer order of docs/architecture.md: lib, db and storage sit below auth, jobs and mail and " +
        "import none of them (lib reaches the session through `app.uploader`, set by app.ts).",
      severity: "error",
      from: { path: "^apps/api/src/(lib|db|storage)/", pathNot: "\\.test\\.ts$" },
      to: { path: "^apps/api/src/(auth|jobs|mail)/" },
    },
    {
      name: "api-db-storage-bottom",
      comment: "db and storage are the API's lowest layer: they import neither lib nor anything above it.",
      severity: "error",
      from: { path: "^apps/api/src/(db|storage)/", pathNot: "\\.test\\.ts$" },
      to: { path: "^apps/api/src/(lib|modules|auth|jobs|mail|cli)/" },
    },
    {
      name: "api-app-on-top",
      comment: "app.ts, server.ts and cli/ compose the API; nothing below them imports them (tests may).",
      severity: "error",
      from: { path: "^apps/api/src/(modules|auth|jobs|storage|mail|lib|db)/", pathNot: "\\.test\\.ts$" },
      to: { path: "^apps/api/src/((app|server)\\.ts$|cli/)" },
    },
    {
      name: "api-jobs-through-services",
      comment: "A job file reaches a module only through its service (the module's public entry).",
      severity: "error",
      from: { path: "^apps/api/src/jobs/[^/]+\\.job\\.ts$" },
      to: { path: "^apps/api/src/modules/", pathNot: "\\.service\\.ts$" },
    },
    {
      name: "api-no-cycles",
      comment: "No import cycle in the API (two modules importing each other, a repo reaching up).",
      severity: "error",
      from: { path: "^apps/api/src/" },
      to: { circular: true },
    },
    {
      name: "shared-no-cycles",
      comment: "No import cycle in packages/shared.",
      severity: "error",
      from: { path: "^packages/shared/" },
      to: { circular: true },
    },
    {
      name: "shared-to-apps",
      comment: "packages/shared is imported by the apps, never the other way round.",
      severity: "error",
      from: { path: "^packages/shared/" },
      to: { path: "^apps/" },
    },
    {
      name: "apps-to-each-other",
      comment: "The web and the API share code only through packages/shared.",
      severity: "error",
      from: { path: "^apps/(web|api)/src/" },
      to: { path: "^apps/(web|api)/src/", pathNot: "^apps/$1/" },
    },
    {
      name: "no-barrel-files",
      comment:
        "No index.ts that re-exports a folder: import the file that defines the thing, so a reader " +
        "(and the bundler) sees where it lives.",
      severity: "error",
      from: {},
      to: { path: "(^|/)(apps|packages)/.+/index\\.tsx?$" },
    },
  ],
  options: {
    doNotFollow: { path: "node_modules" },
    exclude: { path: "(^|/)(node_modules|dist|drizzle)/" },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: "tsconfig.depcruise.json" },
    enhancedResolveOptions: { exportsFields: ["exports"], conditionNames: ["import", "types", "default"] },
    combinedDependencies: false,
  },
};
