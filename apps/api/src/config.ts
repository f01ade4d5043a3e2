/**
 * Every environment variable the API reads, parsed and validated once at start-up.
 * A bad value throws a ConfigError naming each offending variable; server.ts prints it and exits 1.
 */
import { randomBytes } from "node:crypto";
import { chmodSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { isAbsolute, join, resolve } from "node:path";
import { z } from "zod";
import type { ConfigVariable } from "./config-docs";
import { repoRoot } from "./lib/repo-root";

/** The variables and what they mean (config-docs.ts), as the README and .env.example checks read them. */
export { CONFIG_DOCS, type ConfigVariable } from "./config-docs";

export interface ConfigProblem {
  variable: ConfigVariable;
  message: string;
}

export class ConfigError extends Error {
  constructor(readonly problems: ConfigProblem[]) {
    super(
      `Invalid configuration:\n${problems.map((p) => `  ${p.variable}: ${p.message}`).join("\n")}\n` +
        "See .env.example for every variable and its meaning.",
    );
    this.name = "ConfigError";
  }
}

const ZOidcProvider = z.strictObject({
  id: z.string().regex(/^[a-z0-9-]{1,40}$/, "id must be lowercase letters, digits or '-'"),
  label: z.string().min(1),
  issuer: z.url(),
  clientId: z.string().min(1),
  clientSecret: z.string().min(1),
});
const ZTrustedIssuer = z.strictObject({
  issuer: z.url(),
  audience: z.string().min(1),
  jwksUrl: z.url().optional(),
});

export type OidcProviderConfig = z.infer<typeof ZOidcProvider>;
export type TrustedIssuerConfig = z.infer<typeof ZTrustedIssuer>;
export type LogLevel = "fatal" | "error" | "warn" | "info" | "debug" | "trace" | "silent";

export interface S3Config {
  endpoint: string;
  region: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  publicUrl: string;
  forcePathStyle: boolean;
}

export interface UploadLimit {
  files: number;
  bytes: number;
}

export interface Config {
  port: number;
  host: string;
  /** Origin (and optional base path) of the dashboard/API, without a trailing slash. */
  publicUrl: string;
  dataDir: string;
  databaseUrl: string | undefined;
  /** PGlite data directory (used when databaseUrl is unset). */
  pgliteDir: string;
  storageDir: string;
  s3: S3Config | undefined;
  logLevel: LogLevel;
  trustProxy: boolean | number | string;
  authSecret: string;
  adminEmails: string[];
  /** Sign-in, sign-up and password requests a minute per client address. */
  authRateLimit: number;
  /** When set, GET /metrics requires `Authorization: Bearer <metricsToken>`. */
  metricsToken: string | undefined;
  /** Hourly upload limits per user (counted in the database): members of a team, and everyone else. */
  uploadQuota: { member: UploadLimit; noTeam: UploadLimit };
  smtpUrl: string | undefined;
  mailFrom: string;
  oidcProviders: OidcProviderConfig[];
  trustedIssuers: TrustedIssuerConfig[];
  firebaseProjectId: string | undefined;
  siteUrl: string;
  matureSiteUrl: string | undefined;
  trustedOrigins: string[];
  /** Age (hours) before an unreferenced stored object is swept. */
  storageSweepGraceHours: number;
  /** Days a chapter stays untouched before its staged (unsaved) pages are removed. */
  stagedPagesTtlDays: number;
  /** Lets team webhooks reach loopback, private and link-local addresses (self-hosted setups). */
  webhookAllowPrivate: boolean;
}

export interface LoadConfigOptions {
  /** Folder relative paths resolve against (default: the repository root). */
  root?: string;
}

/** Public reading site base used when SITE_URL is not set (README's configuration table says the same). */
export const DEFAULT_SITE_URL = "https://vuontruyen.example";

const httpUrl = z
  .url({ protocol: /^https?$/, error: "must be an http(s) URL" })
  .transform((u) => u.replace(/\/+$/, ""));
const commaList = (s: string) =>
  s
    .split(",")
    .map((x) => x.trim())
    .filter(Boolean);
const jsonArray = <T extends z.ZodType>(item: T) =>
  z
    .string()
    .transform((s, ctx) => {
      try {
        return JSON.parse(s) as unknown;
      } catch {
        ctx.addIssue({ code: "custom", message: "must be valid JSON" });
        return z.NEVER;
      }
    })
    .pipe(z.array(item));

/**
 * Parse the environment. Pure apart from AUTH_SECRET: when unset, a random secret is generated
 * once and persisted in DATA_DIR/auth-secret (mode 0600) so sessions survive restarts.
 */
export function loadConfig(env: NodeJS.ProcessEnv = process.env, options: LoadConfigOptions = {}): Config {
  const root = options.root ?? repoRoot();
  const problems: ConfigProblem[] = [];
  const raw = (name: ConfigVariable): string | undefined => {
    const v = env[name];
    return v === undefined || v.trim() === "" ? undefined : v.trim();
  };
  function parse<T extends z.ZodType>(name: ConfigVariable, schema: T): z.output<T> | undefined {
    const value = raw(name);
    if (value === undefined) return undefined;
    const result = schema.safeParse(value);
    if (result.success) return result.data;
    const detail = result.error.issues
      .map((i) => (i.path.length ? `${i.path.join(".")}: ${i.message}` : i.message))
      .join("; ");
    problems.push({ variable: name, message: `${detail} (got ${JSON.stringify(redact(name, value))})` });
    return undefined;
  }
  const resolvePath = (p: string) => (isAbsolute(p) ? p : resolve(root, p));

  const port =
    parse(
      "PORT",
      z.coerce
        .number({ error: "must be a number" })
        .int("must be an integer")
        .min(0)
        .max(65535, "must be 0-65535"),
    ) ?? 3000;
  const host = parse("HOST", z.string().min(1)) ?? "0.0.0.0";
  const publicUrl = parse("PUBLIC_URL", httpUrl) ?? `http://localhost:${port}`;
  const dataDir = resolvePath(parse("DATA_DIR", z.string()) ?? "./data");
  const databaseUrl = parse(
    "DATABASE_URL",
    z.url({ protocol: /^postgres(ql)?$/, error: "must be a postgres:// or postgresql:// URL" }),
  );
  const storageDirRaw = parse("STORAGE_DIR", z.string());
  const storageDir = storageDirRaw ? resolvePath(storageDirRaw) : join(dataDir, "files");

  const bucket = parse("S3_BUCKET", z.string().min(3));
  const s3Endpoint = parse("S3_ENDPOINT", httpUrl);
  const s3Region = parse("S3_REGION", z.string());
  const s3Key = parse("S3_ACCESS_KEY_ID", z.string());
  const s3Secret = parse("S3_SECRET_ACCESS_KEY", z.string());
  const s3PublicUrl = parse("S3_PUBLIC_URL", httpUrl);
  const s3PathStyle = parse("S3_FORCE_PATH_STYLE", booleanString) ?? false;
  let s3: S3Config | undefined;
  if (bucket) {
    const required = {
      S3_ENDPOINT: s3Endpoint,
      S3_REGION: s3Region,
      S3_ACCESS_KEY_ID: s3Key,
      S3_SECRET_ACCESS_KEY: s3Secret,
      S3_PUBLIC_URL: s3PublicUrl,
    };
    for (const [name, value] of Object.entries(required)) {
      if (value === undefined && raw(name as ConfigVariable) === undefined) {
        problems.push({ variable: name as ConfigVariable, message: "is required when S3_BUCKET is set" });
      }
    }
    if (s3Endpoint && s3Region && s3Key && s3Secret && s3PublicUrl) {
      s3 = {
        endpoint: s3Endpoint,
        region: s3Region,
        bucket,
        accessKeyId: s3Key,
        secretAccessKey: s3Secret,
        publicUrl: s3PublicUrl,
        forcePathStyle: s3PathStyle,
      };
    }
  }

  const logLevel =
    parse("LOG_LEVEL", z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"])) ?? "info";
  const trustProxy =
    parse(
      "TRUST_PROXY",
      z.string().transform((s, ctx): boolean | number | string => {
        const lower = s.toLowerCase();
        if (["true", "1", "yes"].includes(lower)) return true;
        if (["false", "0", "no"].includes(lower)) return false;
        if (/^\d+$/.test(s)) return Number(s);
        if (/^[0-9a-fA-F.:/, ]+$/.test(s)) return s;
        ctx.addIssue({
          code: "custom",
          message: "must be true, false, a hop count or a comma list of addresses",
        });
        return z.NEVER;
      }),
    ) ?? false;
  const authSecretEnv = parse("AUTH_SECRET", z.string().min(32, "must be at least 32 characters"));
  const adminEmails =
    parse(
      "ADMIN_EMAILS",
      z
        .string()
        .transform(commaList)
        .pipe(z.array(z.email({ error: (i) => `${String(i.input)} is not an e-mail address` }))),
    )?.map((e) => e.toLowerCase()) ?? [];
  const smtpUrl = parse(
    "SMTP_URL",
    z.url({ protocol: /^smtps?$/, error: "must be an smtp:// or smtps:// URL" }),
  );
  const mailFrom = parse("MAIL_FROM", z.string().min(3)) ?? "Vườn Truyện Studio <no-reply@localhost>";
  const oidcProviders = parse("OIDC_PROVIDERS", jsonArray(ZOidcProvider)) ?? [];
  const trustedIssuers = parse("TRUSTED_ISSUERS", jsonArray(ZTrustedIssuer)) ?? [];
  const firebaseProjectId = parse(
    "FIREBASE_PROJECT_ID",
    z.string().regex(/^[a-z0-9-]{4,40}$/, "must be a Firebase project id (lowercase letters, digits, '-')"),
  );
  const authRateLimit =
    parse(
      "AUTH_RATE_LIMIT",
      z.coerce
        .number({ error: "must be a number" })
        .int("must be an integer")
        .min(1, "must be at least 1")
        .max(100_000),
    ) ?? 5;
  const metricsToken = parse("METRICS_TOKEN", z.string().min(16, "must be at least 16 characters"));
  const count = (name: ConfigVariable, fallback: number) =>
    parse(
      name,
      z.coerce
        .number({ error: "must be a number" })
        .int("must be an integer")
        .min(1, "must be at least 1")
        .max(10_000_000),
    ) ?? fallback;
  const MB = 1024 * 1024;
  const uploadQuota = {
    member: { files: count("UPLOAD_QUOTA_FILES", 2000), bytes: count("UPLOAD_QUOTA_MB", 2048) * MB },
    noTeam: {
      files: count("UPLOAD_QUOTA_NO_TEAM_FILES", 30),
      bytes: count("UPLOAD_QUOTA_NO_TEAM_MB", 60) * MB,
    },
  };
  const storageSweepGraceHours =
    parse(
      "STORAGE_SWEEP_GRACE_HOURS",
      z.coerce
        .number({ error: "must be a number" })
        .min(0)
        .max(24 * 365),
    ) ?? 24;
  const stagedPagesTtlDays =
    parse("STAGED_PAGES_TTL_DAYS", z.coerce.number({ error: "must be a number" }).min(0).max(3650)) ?? 7;
  const webhookAllowPrivate = parse("WEBHOOK_ALLOW_PRIVATE", booleanString) ?? false;
  // The README documents this default: without it "view on the public site" is greyed out on a fresh clone.
  const siteUrl = parse("SITE_URL", httpUrl) ?? DEFAULT_SITE_URL;
  const matureSiteUrl = parse("MATURE_SITE_URL", httpUrl);
  const trustedOrigins = parse(
    "TRUSTED_ORIGINS",
    z
      .string()
      .transform(commaList)
      .pipe(z.array(httpUrl.transform((u) => new URL(u).origin)).min(1)),
  ) ?? [safeOrigin(publicUrl)];

  if (problems.length) throw new ConfigError(problems);

  return {
    port,
    host,
    publicUrl,
    dataDir,
    databaseUrl,
    pgliteDir: join(dataDir, "db"),
    storageDir,
    s3,
    logLevel,
    trustProxy,
    authSecret: authSecretEnv ?? persistedAuthSecret(dataDir),
    adminEmails,
    authRateLimit,
    metricsToken,
    uploadQuota,
    smtpUrl,
    mailFrom,
    oidcProviders,
    trustedIssuers,
    firebaseProjectId,
    siteUrl,
    matureSiteUrl,
    trustedOrigins,
    storageSweepGraceHours,
    stagedPagesTtlDays,
    webhookAllowPrivate,
  };
}

const booleanString = z
  .string()
  .transform((s) => s.toLowerCase())
  .pipe(z.enum(["true", "false", "1", "0", "yes", "no"], { error: "must be true or false" }))
  .transform((s) => s === "true" || s === "1" || s === "yes");

function safeOrigin(url: string): string {
  return new URL(url).origin;
}

function redact(name: ConfigVariable, value: string): string {
  if (/SECRET|TOKEN|DATABASE_URL|SMTP_URL|OIDC_PROVIDERS/.test(name)) return "<redacted>";
  return value.length > 80 ? `${value.slice(0, 77)}...` : value;
}

function persistedAuthSecret(dataDir: string): string {
  const file = join(dataDir, "auth-secret");
  try {
    const existing = readFileSync(file, "utf8").trim();
    if (existing.length >= 32) return existing;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
  }
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(48).toString("base64url");
  try {
    // 'wx' so that two processes starting at once never overwrite each other's secret.
    writeFileSync(file, `${secret}\n`, { mode: 0o600, flag: "wx" });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "EEXIST") return readFileSync(file, "utf8").trim();
    throw error;
  }
  chmodSync(file, 0o600);
  return secret;
}
