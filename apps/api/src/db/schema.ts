/**
 * The whole database schema, one file per feature under ./schema/.
 * This is the single place that lists them: drizzle-kit reads it to generate migrations and
 * createDatabase passes it to drizzle for typed relational queries.
 * To add a feature table: create ./schema/<feature>.ts, add one `export *` line here,
 * then run `npm run db:generate -w @vt/api`.
 */
export * from "./schema/app-meta";
export * from "./schema/audit";
export * from "./schema/auth";
export * from "./schema/chapters";
export * from "./schema/comics";
export * from "./schema/mail";
export * from "./schema/notifications";
export * from "./schema/people";
export * from "./schema/requests";
export * from "./schema/teams";
export * from "./schema/tokens";
export * from "./schema/upload-settings";
export * from "./schema/uploads";
export * from "./schema/users";
export * from "./schema/webhooks";
