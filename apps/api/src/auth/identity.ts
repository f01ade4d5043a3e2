/**
 * Wires identity into the app: the mailer, the embedded provider under /auth, and the ID-token
 * verifier of POST /api/users/auth trusting the embedded issuer, TRUSTED_ISSUERS and Firebase.
 * An embedded ID token is accepted only while the provider session it was minted from (`sid`) lives:
 * a reset, a change of password or a mailbox proof that ended that session ends its tokens too.
 */
import fastifyCookie from "@fastify/cookie";
import { and, eq, gt } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import type { JSONWebKeySet } from "jose";
import type { Config } from "../config";
import type { Db } from "../db/client";
import { authSession } from "../db/schema/auth";
import { createMailer, type Mailer } from "../mail/mailer";
import { revokeApiTokens } from "./api-token";
import { authRoutes } from "./auth.routes";
import {
  createIdTokenVerifier,
  discoveredIssuer,
  firebaseIssuer,
  type IdTokenVerifier,
  localIssuer,
  remoteIssuer,
  type TrustedIssuer,
} from "./id-token";
import { proveMailbox } from "./mailbox-proof";
import {
  type AuthProvider,
  createAuthProvider,
  embeddedIssuer,
  ID_TOKEN_ALGORITHM,
  ID_TOKEN_AUDIENCE,
} from "./provider";
import {
  deleteUserSessions,
  findUserIdsByIdentity,
  registerSessions,
  sessionTokenFromCookieHeader,
} from "./session";

declare module "fastify" {
  interface FastifyInstance {
    auth: AuthProvider;
    mailer: Mailer;
    verifyIdToken: IdTokenVerifier;
  }
}

export function trustedIssuers(config: Config, auth: AuthProvider, db: Db): TrustedIssuer[] {
  const issuers: TrustedIssuer[] = [
    localIssuer({
      issuer: embeddedIssuer(config.publicUrl),
      audience: ID_TOKEN_AUDIENCE,
      algorithms: [ID_TOKEN_ALGORITHM],
      loadJwks: async () => (await auth.api.getJwks()) as JSONWebKeySet,
      check: async (payload, now) => {
        // The provider session the token was minted from must still be open (and the subject's).
        const sid = payload.sid;
        if (typeof sid !== "string" || sid.length === 0 || sid.length > 255) throw new Error("no sid");
        const [open] = await db
          .select({ id: authSession.id })
          .from(authSession)
          .where(
            and(
              eq(authSession.id, sid),
              eq(authSession.userId, String(payload.sub)),
              gt(authSession.expiresAt, now),
            ),
          )
          .limit(1);
        if (!open) throw new Error("provider session ended");
      },
    }),
  ];
  for (const t of config.trustedIssuers) {
    issuers.push(
      t.jwksUrl
        ? remoteIssuer({ issuer: t.issuer, audience: t.audience, jwksUrl: t.jwksUrl })
        : discoveredIssuer({ issuer: t.issuer, audience: t.audience }),
    );
  }
  if (config.firebaseProjectId) issuers.push(firebaseIssuer(config.firebaseProjectId));
  return issuers;
}

export async function registerIdentity(
  app: FastifyInstance,
  options: { mailer?: Mailer } = {},
): Promise<void> {
  const { config, db } = app;
  const mailer =
    options.mailer ?? createMailer({ smtpUrl: config.smtpUrl, mailFrom: config.mailFrom, db, log: app.log });
  const issuer = embeddedIssuer(config.publicUrl);
  const auth = createAuthProvider({
    config,
    db,
    mailer,
    log: app.log,
    absorbOutage: (error) => app.dbOutage.absorb(error, "auth"),
    // A password reset or change also ends the user's uploader sessions (except, on a change,
    // the session of the browser making it) and revokes every API token of the account.
    onPasswordChanged: async (authUserId, cookieHeader) => {
      const keep = sessionTokenFromCookieHeader(cookieHeader);
      for (const userId of await findUserIdsByIdentity(db, issuer, authUserId)) {
        await deleteUserSessions(db, userId, keep);
        await revokeApiTokens(db, userId);
      }
    },
    onMailboxProven: async (authUserId, email) => {
      await db.transaction((tx) =>
        proveMailbox(tx, { issuer, subject: authUserId, email, via: "reset", embeddedIssuer: issuer }),
      );
    },
  });
  app.decorate("auth", auth);
  app.decorate("mailer", mailer);
  app.decorate("verifyIdToken", createIdTokenVerifier(trustedIssuers(config, auth, db)));
  app.addHook("onClose", async () => mailer.close());
  await app.register(fastifyCookie);
  registerSessions(app);
  await app.register(authRoutes(auth), { prefix: "/auth" });
}
