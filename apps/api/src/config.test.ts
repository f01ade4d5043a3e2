import { mkdtempSync, readFileSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { CONFIG_DOCS, ConfigError, DEFAULT_SITE_URL, loadConfig } from "./config";
import { repoRoot } from "./lib/repo-root";

const SECRET = "0123456789abcdef0123456789abcdef";
const temps: string[] = [];
function tempDir() {
  const dir = mkdtempSync(join(tmpdir(), "vt-config-"));
  temps.push(dir);
  return dir;
}
afterEach(() => {
  for (const dir of temps.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function problemsOf(env: Record<string, string>) {
  try {
    loadConfig({ AUTH_SECRET: SECRET, ...env });
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return (error as ConfigError).problems;
  }
  throw new Error("expected loadConfig to throw");
}

describe("loadConfig", () => {
  it("applies the documented defaults and resolves DATA_DIR against the repository root", () => {
    const config = loadConfig({ AUTH_SECRET: SECRET });
    expect(config.port).toBe(3000);
    expect(config.host).toBe("0.0.0.0");
    expect(config.publicUrl).toBe("http://localhost:3000");
    expect(config.dataDir).toBe(join(repoRoot(), "data"));
    expect(config.pgliteDir).toBe(join(repoRoot(), "data", "db"));
    expect(config.storageDir).toBe(join(repoRoot(), "data", "files"));
    expect(config.databaseUrl).toBeUndefined();
    expect(config.s3).toBeUndefined();
    expect(config.logLevel).toBe("info");
    expect(config.trustProxy).toBe(false);
    expect(config.trustedOrigins).toEqual(["http://localhost:3000"]);
  });

  it("defaults SITE_URL to the value the README documents, so 'view on the public site' works out of the box", () => {
    const readme = readFileSync(join(repoRoot(), "README.md"), "utf8");
    const row = readme.split("\n").find((line) => line.startsWith("| `SITE_URL`"));
    const documented = row?.split("|")[2]?.trim().replace(/`/g, "");
    expect(documented).toMatch(/^https?:\/\//);
    const config = loadConfig({ AUTH_SECRET: SECRET });
    expect(config.siteUrl).toBe(documented);
    expect(config.siteUrl).toBe(DEFAULT_SITE_URL);
    expect(config.matureSiteUrl).toBeUndefined();
    expect(loadConfig({ AUTH_SECRET: SECRET, SITE_URL: "https://doc.example/" }).siteUrl).toBe(
      "https://doc.example",
    );
  });

  it("derives PUBLIC_URL from PORT and parses lists", () => {
    const config = loadConfig({
      AUTH_SECRET: SECRET,
      PORT: "4100",
      ADMIN_EMAILS: " Admin@Example.com, ops@example.org ",
      TRUSTED_ORIGINS: "https://studio.example.com/, http://localhost:5173",
      TRUST_PROXY: "2",
    });
    expect(config.publicUrl).toBe("http://localhost:4100");
    expect(config.adminEmails).toEqual(["admin@example.com", "ops@example.org"]);
    expect(config.trustedOrigins).toEqual(["https://studio.example.com", "http://localhost:5173"]);
    expect(config.trustProxy).toBe(2);
  });

  it("rejects a bad PORT naming the variable", () => {
    const problems = problemsOf({ PORT: "eighty" });
    expect(problems.map((p) => p.variable)).toEqual(["PORT"]);
    expect(() => loadConfig({ AUTH_SECRET: SECRET, PORT: "70000" })).toThrow(/PORT/);
  });

  it("lists every bad variable at once, each by name", () => {
    const problems = problemsOf({
      LOG_LEVEL: "loud",
      TRUSTED_ISSUERS: "[not json",
      PUBLIC_URL: "ftp://example.com",
      DATABASE_URL: "mysql://x",
    });
    expect(problems.map((p) => p.variable).sort()).toEqual(
      ["DATABASE_URL", "LOG_LEVEL", "PUBLIC_URL", "TRUSTED_ISSUERS"].sort(),
    );
    expect(problems.find((p) => p.variable === "TRUSTED_ISSUERS")?.message).toMatch(/JSON/);
  });

  it("names the missing field inside OIDC_PROVIDERS and hides the secret value", () => {
    const value = JSON.stringify([
      { id: "kc", label: "Keycloak", issuer: "https://id.example.com", clientId: "x" },
    ]);
    const [problem] = problemsOf({ OIDC_PROVIDERS: value });
    expect(problem?.variable).toBe("OIDC_PROVIDERS");
    expect(problem?.message).toMatch(/clientSecret/);
    expect(problem?.message).not.toContain("Keycloak");
  });

  it("requires the other S3 settings once S3_BUCKET is set", () => {
    const problems = problemsOf({ S3_BUCKET: "pages" });
    expect(problems.map((p) => p.variable).sort()).toEqual(
      ["S3_ACCESS_KEY_ID", "S3_ENDPOINT", "S3_PUBLIC_URL", "S3_REGION", "S3_SECRET_ACCESS_KEY"].sort(),
    );
  });

  it("limits sign-in and password endpoints to AUTH_RATE_LIMIT a minute (5 unless set)", () => {
    expect(loadConfig({ AUTH_SECRET: SECRET }).authRateLimit).toBe(5);
    expect(loadConfig({ AUTH_SECRET: SECRET, AUTH_RATE_LIMIT: "20" }).authRateLimit).toBe(20);
    expect(problemsOf({ AUTH_RATE_LIMIT: "0" }).map((p) => p.variable)).toEqual(["AUTH_RATE_LIMIT"]);
    expect(problemsOf({ AUTH_RATE_LIMIT: "many" }).map((p) => p.variable)).toEqual(["AUTH_RATE_LIMIT"]);
  });

  it("rejects a short AUTH_SECRET", () => {
    const problems = problemsOf({ AUTH_SECRET: "short" });
    expect(problems).toEqual([expect.objectContaining({ variable: "AUTH_SECRET" })]);
    expect(JSON.stringify(problems)).not.toContain("short");
  });

  it("generates AUTH_SECRET once into DATA_DIR/auth-secret with mode 0600 and reuses it", () => {
    const dataDir = tempDir();
    const first = loadConfig({ DATA_DIR: dataDir });
    const file = join(dataDir, "auth-secret");
    expect(readFileSync(file, "utf8").trim()).toBe(first.authSecret);
    expect(first.authSecret.length).toBeGreaterThanOrEqual(32);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(loadConfig({ DATA_DIR: dataDir }).authSecret).toBe(first.authSecret);
  });

  it("the README table and .env.example list exactly the variables of CONFIG_DOCS", () => {
    const documented = Object.keys(CONFIG_DOCS).sort();
    const envExample = readFileSync(join(repoRoot(), ".env.example"), "utf8");
    const inEnv = [...envExample.matchAll(/^([A-Z0-9_]+)=/gm)].map((m) => m[1]).sort();
    expect(inEnv).toEqual(documented);
    const readme = readFileSync(join(repoRoot(), "README.md"), "utf8");
    const inReadme = [...readme.matchAll(/^\| `([A-Z0-9_]+)`/gm)].map((m) => m[1]).sort();
    expect(inReadme).toEqual(documented);
  });
});
