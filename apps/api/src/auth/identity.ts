/**
 * Wires identity into the app: the mailer, the embedded provider under /auth, and the ID-token
 * verifier of POST /api/users/auth trusting the embedded issuer, TRUSTED_ISSUERS and Firebase.
 */
import fastifyCookie from "@fastify/cookie";
import type { FastifyInstance } from "fastify";
import type { JSONWebKeySet } from "jose";
import type { Config } from "../config";
import { createMailer, type Mailer } from "../mail/mailer";
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
  markMailboxProven,
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

export function trustedIssuers(config: Config, auth: AuthProvider): TrustedIssuer[] {
  const issuers: TrustedIssuer[] = [
    localIssuer({
      issuer: embeddedIssuer(config.publicUrl),
      audience: ID_TOKEN_AUDIENCE,
      algorithms: [ID_TOKEN_ALGORITHM],
      loadJwks: async () => (await auth.api.getJwks()) as JSONWebKeySet,
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
    // the session of the browser making it).
    onPasswordChanged: async (authUserId, cookieHeader) => {
      const keep = sessionTokenFromCookieHeader(cookieHeader);
      for (const userId of await findUserIdsByIdentity(db, issuer, authUserId)) {
        await deleteUserSessions(db, userId, keep);
      }
    },
    onMailboxProven: (authUserId, email) => markMailboxProven(db, issuer, authUserId, email),
  });
  app.decorate("auth", auth);
  app.decorate("mailer", mailer);
  app.decorate("verifyIdToken", createIdTokenVerifier(trustedIssuers(config, auth)));
  app.addHook("onClose", async () => mailer.close());
  await app.register(fastifyCookie);
  registerSessions(app);
  await app.register(authRoutes(auth), { prefix: "/auth" });
}
