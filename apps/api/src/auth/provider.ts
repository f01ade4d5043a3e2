/**
 * The embedded identity provider (better-auth), mounted under /auth.
 *
 * It owns passwords, password reset, third-party OpenID Connect sign-in and
 * the signing of short-lived ID tokens (GET /auth/token, keys at GET /auth/jwks). The uploader
 * service never reads better-auth's session: it only accepts the ID token at POST /api/users/auth,
 * exactly as it accepts tokens of any other trusted issuer.
 */

import { betterAuth } from "better-auth";
import { drizzleAdapter } from "better-auth/adapters/drizzle";
import { createAuthMiddleware } from "better-auth/api";
import { genericOAuth, jwt } from "better-auth/plugins";
import type { Config } from "../config";
import type { Db } from "../db/client";
import { authSchema } from "../db/schema/auth";
import { safeDetails } from "../lib/log-errors";
import type { Mailer } from "../mail/mailer";
import { passwordResetMail } from "../mail/templates";

/** Request header carrying the client address Fastify resolved (TRUST_PROXY-aware). */
export const CLIENT_IP_HEADER = "x-vt-client-ip";
/** `aud` of the ID tokens the embedded provider issues for the uploader service. */
export const ID_TOKEN_AUDIENCE = "vuon-truyen-uploader";
export const ID_TOKEN_LIFETIME = "5m";
/** Signing algorithm of the embedded provider's ID tokens (Ed25519). */
export const ID_TOKEN_ALGORITHM = "EdDSA";
export const PASSWORD_MIN_LENGTH = 8;
export const RESET_TOKEN_TTL_SECONDS = 60 * 60;

export interface AuthProviderDeps {
  config: Pick<
    Config,
    "publicUrl" | "authSecret" | "trustedOrigins" | "oidcProviders" | "logLevel" | "authRateLimit"
  >;
  db: Db;
  mailer: Mailer;
  log: {
    warn(o: object, m: string): void;
    error(o: object, m: string): void;
    info(o: object, m: string): void;
  };
  /** true when an error means the database is unreachable (logged once per outage, not here). */
  absorbOutage?: (error: unknown) => boolean;
  /**
   * Called after a user's password was reset (keepCookieHeader undefined) or changed (the
   * request's Cookie header, so the uploader session making the change can be kept).
   */
  onPasswordChanged(authUserId: string, keepCookieHeader: string | undefined): Promise<void>;
  /**
   * A reset by mail was completed: whoever did it reads the account's mailbox, so its address is
   * proven (the real owner of an address someone else registered takes the account back this way;
   * auth/mailbox-proof.ts ends what was made before a first proof).
   */
  onMailboxProven(authUserId: string, email: string): Promise<void>;
}

/** The issuer (`iss`) of our ID tokens: PUBLIC_URL + '/auth', the provider's base URL. */
export function embeddedIssuer(publicUrl: string): string {
  return `${publicUrl}/auth`;
}

export function createAuthProvider(deps: AuthProviderDeps) {
  const { config, db, mailer, log } = deps;
  // Strict per-address limits for the endpoints an attacker would hammer (AUTH_RATE_LIMIT a minute).
  const STRICT = { window: 60, max: config.authRateLimit };
  const issuer = embeddedIssuer(config.publicUrl);
  const loginUrl = `${config.publicUrl}/login`;

  return betterAuth({
    appName: "Vườn Truyện Studio",
    baseURL: config.publicUrl,
    basePath: "/auth",
    secret: config.authSecret,
    trustedOrigins: config.trustedOrigins,
    database: drizzleAdapter(db, { provider: "pg", schema: authSchema, transaction: true }),
    telemetry: { enabled: false },
    logger: {
      level: config.logLevel === "debug" || config.logLevel === "trace" ? "debug" : "warn",
      log: (level, message, ...args) => {
        if (args.some((arg) => deps.absorbOutage?.(arg))) return;
        // Errors in the details are logged without query parameters (lib/log-errors.ts).
        const payload = { provider: "better-auth", details: args.length ? safeDetails(args) : undefined };
        if (level === "error") log.error(payload, message);
        else if (level === "warn") log.warn(payload, message);
        else log.info(payload, message);
      },
    },
    emailAndPassword: {
      enabled: true,
      minPasswordLength: PASSWORD_MIN_LENGTH,
      maxPasswordLength: 128,
      autoSignIn: true,
      requireEmailVerification: false,
      resetPasswordTokenExpiresIn: RESET_TOKEN_TTL_SECONDS,
      revokeSessionsOnPasswordReset: true,
      // The link opens our own /login page (mode=reset), which posts the token to /auth/reset-password.
      sendResetPassword: async ({ user, token }) => {
        const link = `${loginUrl}?mode=reset&token=${encodeURIComponent(token)}`;
        await mailer.send(passwordResetMail(user.email, user.name, link));
      },
      onPasswordReset: async ({ user }) => {
        await deps.onMailboxProven(user.id, user.email);
        await deps.onPasswordChanged(user.id, undefined);
      },
    },
    // E-mail verification is the uploader service's (modules/users/email-verification.ts): it
    // mails its own link when the first sign-in creates an unverified user, and marks this
    // provider's user verified too, so later ID tokens say `email_verified: true`.
    session: {
      expiresIn: 30 * 24 * 60 * 60,
      updateAge: 24 * 60 * 60,
    },
    account: {
      accountLinking: { enabled: true, allowDifferentEmails: false },
    },
    rateLimit: {
      enabled: true,
      storage: "database",
      window: 60,
      max: 100,
      customRules: {
        "/sign-in/*": STRICT,
        "/sign-up/*": STRICT,
        "/request-password-reset": STRICT,
        "/reset-password": STRICT,
        "/reset-password/*": STRICT,
        "/change-password": STRICT,
      },
    },
    advanced: {
      useSecureCookies: config.publicUrl.startsWith("https://"),
      cookiePrefix: "vt-auth",
      ipAddress: {
        // Only the header our Fastify handler sets from request.ip (any client copy is dropped),
        // so X-Forwarded-For never picks the rate-limit bucket unless TRUST_PROXY says so.
        ipAddressHeaders: [CLIENT_IP_HEADER],
      },
    },
    hooks: {
      before: createAuthMiddleware(async (ctx) => {
        // Changing the password always ends the user's other provider sessions.
        if (ctx.path === "/change-password" && ctx.body && typeof ctx.body === "object") {
          return { context: { body: { ...ctx.body, revokeOtherSessions: true } } };
        }
      }),
      after: createAuthMiddleware(async (ctx) => {
        if (ctx.path !== "/change-password") return;
        const returned = ctx.context.returned;
        if (returned instanceof Error || !ctx.context.session) return;
        await deps.onPasswordChanged(ctx.context.session.user.id, ctx.headers?.get("cookie") ?? undefined);
      }),
    },
    plugins: [
      jwt({
        jwks: { keyPairConfig: { alg: ID_TOKEN_ALGORITHM, crv: "Ed25519" } },
        jwt: {
          issuer,
          audience: ID_TOKEN_AUDIENCE,
          expirationTime: ID_TOKEN_LIFETIME,
          // Only what the uploader service needs; email_verified gates ADMIN_EMAILS, and `sid` (the
          // provider session it was minted from) lets the exchange refuse a token whose session ended.
          definePayload: ({ user, session }) => ({
            sid: session.id,
            email: user.email,
            email_verified: user.emailVerified,
            name: user.name,
            picture: user.image ?? undefined,
          }),
        },
        // The token is fetched explicitly from GET /auth/token, not leaked on every get-session.
        disableSettingJwtHeader: true,
      }),
      genericOAuth({
        config: config.oidcProviders.map((p) => ({
          providerId: p.id,
          name: p.label,
          clientId: p.clientId,
          clientSecret: p.clientSecret,
          discoveryUrl: `${p.issuer.replace(/\/+$/, "")}/.well-known/openid-configuration`,
          requireIdTokenVerification: true,
          scopes: ["openid", "email", "profile"],
          pkce: true,
        })),
      }),
    ],
  });
}

export type AuthProvider = ReturnType<typeof createAuthProvider>;

/**
 * Public list of third-party providers for the login page: only those the identity provider
 * actually enabled. One whose discovery failed at start (bad issuer, provider down) is skipped by
 * better-auth and logged; offering its button would only lead to "Provider not found".
 */
export async function listOidcProviders(
  config: Pick<Config, "oidcProviders">,
  auth: Pick<AuthProvider, "$context">,
): Promise<{ id: string; label: string }[]> {
  const context = await auth.$context;
  const enabled = new Set(context.socialProviders.map((p) => p.id));
  return config.oidcProviders.filter((p) => enabled.has(p.id)).map((p) => ({ id: p.id, label: p.label }));
}
