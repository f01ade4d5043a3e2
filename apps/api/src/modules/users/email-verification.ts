/**
 * E-mail verification (docs/identity.md, "E-mail verification"): an invitation is shown and
 * accepted only by a user whose address is proven. The proof is either the issuer's
 * `email_verified: true` at sign-in (users.service.ts) or the link of the mail sent here.
 *
 * The link is `PUBLIC_URL/verify-email?token=<id>.<expiry>.<signature>`:
 *   - signed: HMAC-SHA256 of `<id>.<expiry>` with AUTH_SECRET, so a changed token is refused
 *     before the database is asked;
 *   - expiring: `<expiry>` (unix seconds, VERIFICATION_TTL_SECONDS after sending) is signed;
 *   - single use: the SHA-256 of `<id>` is a row of `email_verifications` that is marked used, in
 *     the same transaction that verifies the user, for the address it was sent to only.
 * Opening it verifies the address and opens an uploader session (users.routes.ts). A first proof
 * ends every session, API token and password of the account made before it (auth/mailbox-proof.ts),
 * so whoever registered the address first loses the account; the prover sets a password by mail.
 *
 * Sending again is limited per user in the database (works across API processes):
 * one mail per RESEND_INTERVAL_SECONDS and RESEND_MAX_PER_HOUR an hour, else 429 (translated).
 */
import { createHash, createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import { and, count, eq, gt, sql } from "drizzle-orm";
import { proveMailbox } from "../../auth/mailbox-proof";
import type { Db } from "../../db/client";
import { emailVerifications, users } from "../../db/schema/users";
import { AppError } from "../../lib/app-error";
import type { Mailer } from "../../mail/mailer";
import { verifyEmailMail } from "../../mail/templates";

export const VERIFICATION_TTL_SECONDS = 24 * 60 * 60;
export const RESEND_INTERVAL_SECONDS = 60;
export const RESEND_MAX_PER_HOUR = 5;

export interface VerificationDeps {
  db: Db;
  mailer: Mailer;
  /** AUTH_SECRET: signs the links. */
  secret: string;
  publicUrl: string;
  /** The embedded provider's issuer: its own account is marked verified too, so its ID tokens agree. */
  embeddedIssuer: string;
  /** ADMIN_EMAILS: opening the link of one of these addresses makes the account a platform admin. */
  adminEmails: readonly string[];
}

interface Recipient {
  id: number;
  email: string;
  name: string;
}

const sha256 = (value: string) => createHash("sha256").update(value).digest("hex");
const sign = (secret: string, payload: string) =>
  createHmac("sha256", secret).update(`email-verification:${payload}`).digest("base64url");

/** The page of the dashboard that opens a link (apps/web route /verify-email). */
export function verificationLink(publicUrl: string, token: string): string {
  return `${publicUrl}/verify-email?token=${encodeURIComponent(token)}`;
}

/** Records a new link for the user's current address and mails it (outbox or SMTP). */
export async function sendVerificationMail(deps: VerificationDeps, user: Recipient): Promise<void> {
  await deps.mailer.send(verifyEmailMail(user.email, user.name, await createLink(deps.db, deps, user)));
}

async function createLink(
  db: Pick<Db, "insert">,
  deps: Pick<VerificationDeps, "secret" | "publicUrl">,
  user: Recipient,
): Promise<string> {
  const id = randomBytes(24).toString("base64url");
  const expires = Math.floor(Date.now() / 1000) + VERIFICATION_TTL_SECONDS;
  const payload = `${id}.${expires}`;
  await db.insert(emailVerifications).values({
    tokenHash: sha256(id),
    userId: user.id,
    email: user.email,
    expiresAt: new Date(expires * 1000),
  });
  return verificationLink(deps.publicUrl, `${payload}.${sign(deps.secret, payload)}`);
}

/**
 * "Send again" for the signed-in user: 409 when already verified, 429 when asked too often.
 * The per-user row lock makes concurrent requests count one after the other.
 */
export async function resendVerificationMail(
  deps: VerificationDeps,
  userId: number,
): Promise<{ email: string }> {
  const user = await deps.db.transaction(async (tx) => {
    const [row] = await tx
      .select({ id: users.id, email: users.email, name: users.name, verifiedAt: users.emailVerifiedAt })
      .from(users)
      .where(eq(users.id, userId))
      .for("update");
    if (!row) throw new AppError("UNAUTHORIZED");
    if (row.verifiedAt) throw new AppError("CONFLICT", "verification.alreadyVerified");
    const [recent] = await tx
      .select({ n: count(), last: sql<string | null>`max(${emailVerifications.createdAt})` })
      .from(emailVerifications)
      .where(
        and(
          eq(emailVerifications.userId, userId),
          gt(emailVerifications.createdAt, sql`now() - interval '1 hour'`),
        ),
      );
    if (recent?.last) {
      const waited = (Date.now() - new Date(recent.last).getTime()) / 1000;
      if (waited < RESEND_INTERVAL_SECONDS) {
        throw new AppError("RATE_LIMITED", "verification.resendTooSoon", {
          params: { seconds: Math.max(1, Math.ceil(RESEND_INTERVAL_SECONDS - waited)) },
        });
      }
    }
    if ((recent?.n ?? 0) >= RESEND_MAX_PER_HOUR) {
      throw new AppError("RATE_LIMITED", "verification.resendTooMany", {
        params: { max: RESEND_MAX_PER_HOUR },
      });
    }
    return { id: row.id, email: row.email, name: row.name, link: await createLink(tx, deps, row) };
  });
  await deps.mailer.send(verifyEmailMail(user.email, user.name, user.link));
  return { email: user.email };
}

/**
 * Checks a link's token and, in one transaction, uses it up and marks the user verified.
 * Answers the user's id; 400 (translated) for a changed, expired, used or outdated link.
 */
export async function verifyEmailToken(
  deps: Pick<VerificationDeps, "db" | "secret" | "embeddedIssuer" | "adminEmails">,
  token: string,
): Promise<number> {
  const match = /^([A-Za-z0-9_-]{32})\.(\d{1,12})\.([A-Za-z0-9_-]{43})$/.exec(token.trim());
  if (!match) throw new AppError("BAD_REQUEST", "verification.linkInvalid");
  const [, id, expires, signature] = match as unknown as [string, string, string, string];
  const expected = Buffer.from(sign(deps.secret, `${id}.${expires}`));
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) {
    throw new AppError("BAD_REQUEST", "verification.linkInvalid");
  }
  if (Number(expires) * 1000 <= Date.now()) throw new AppError("BAD_REQUEST", "verification.linkExpired");

  const outcome = await deps.db.transaction(async (tx) => {
    const [link] = await tx
      .update(emailVerifications)
      .set({ usedAt: sql`now()` })
      .where(and(eq(emailVerifications.tokenHash, sha256(id)), sql`${emailVerifications.usedAt} is null`))
      .returning({ userId: emailVerifications.userId, email: emailVerifications.email });
    if (!link) {
      const [known] = await tx
        .select({ usedAt: emailVerifications.usedAt })
        .from(emailVerifications)
        .where(eq(emailVerifications.tokenHash, sha256(id)));
      return known ? "verification.linkUsed" : "verification.linkInvalid";
    }
    const [user] = await tx
      .select({ email: users.email, issuer: users.identityIssuer, subject: users.identitySubject })
      .from(users)
      .where(eq(users.id, link.userId))
      .for("update");
    if (!user) return "verification.linkInvalid";
    if (user.email !== link.email) return "verification.linkStale";
    // Verified (the embedded provider's own record too, so its next ID tokens say so); on a first
    // proof, the sessions, tokens and password made before it end (auth/mailbox-proof.ts).
    await proveMailbox(tx, {
      issuer: user.issuer,
      subject: user.subject,
      email: user.email,
      via: "link",
      embeddedIssuer: deps.embeddedIssuer,
    });
    // ADMIN_EMAILS reaches the session this link opens: it is made after the proof.
    if (deps.adminEmails.includes(user.email)) {
      await tx.update(users).set({ role: "admin", updatedAt: sql`now()` }).where(eq(users.id, link.userId));
    }
    return link.userId;
  });
  if (typeof outcome === "string") throw new AppError("BAD_REQUEST", outcome);
  return outcome;
}
