/**
 * Proving a mailbox (docs/identity.md, "What a proof of the address ends"): opening the
 * verification link, or completing a password reset by mail. Whoever does it reads the account's
 * mail, so from then on the account is theirs alone.
 *
 * When the proof is the account's first (its address was not proven before), every credential made
 * before it is ended, because any of them may belong to someone who registered the address first
 * (a "squatter"):
 *   - the uploader sessions (`sessions`) and API tokens (revoked, they stay listed as revoked);
 *   - the embedded provider's sessions (`auth_session`), so no ID token can be minted from them;
 *     ID tokens minted before are refused at the exchange too (identity.ts: their `sid` is gone);
 *   - third-party sign-ins linked to the provider account before the proof (`auth_account` rows
 *     other than the password);
 *   - the password (verification link only: a reset has just replaced it with the prover's own).
 * ADMIN_EMAILS and invitations therefore only ever reach credentials made after the proof.
 * A proof of an address that was already proven ends nothing (the credentials are the owner's).
 */
import { and, eq, inArray, isNull, ne, sql } from "drizzle-orm";
import type { Executor } from "../db/executor";
import { authAccount, authSession, authUser } from "../db/schema/auth";
import { sessions, users } from "../db/schema/users";
import { revokeApiTokens } from "./api-token";

export interface MailboxProof {
  /** The account's identity (users.identity_issuer / identity_subject). */
  issuer: string;
  subject: string;
  /** The address proven: only an account that still has it is affected. */
  email: string;
  /** "link": the verification mail's link; "reset": a password reset by mail (the password is new). */
  via: "link" | "reset";
  /** The embedded provider's issuer: its own records (password, sessions) are the account's too. */
  embeddedIssuer: string;
}

/**
 * Marks the address proven (uploader user and, for the embedded provider, its own user) and, if it
 * was not proven before, ends the credentials made before. Answers the uploader users proven now.
 * Run it in the transaction of the proof.
 */
export async function proveMailbox(tx: Executor, proof: MailboxProof): Promise<number[]> {
  const { issuer, subject, email } = proof;
  const embedded = issuer === proof.embeddedIssuer;
  const identity = and(
    eq(users.identityIssuer, issuer),
    eq(users.identitySubject, subject),
    eq(users.email, email),
  );
  // Locked first: a sign-in writing a session share-locks the same row (session.ts startSession).
  const accounts = await tx
    .select({ id: users.id, verifiedAt: users.emailVerifiedAt })
    .from(users)
    .where(identity)
    .for("update");
  const proven = accounts.filter((a) => a.verifiedAt === null).map((a) => a.id);
  if (proven.length > 0) {
    await tx
      .update(users)
      .set({ emailVerifiedAt: sql`now()`, updatedAt: sql`now()` })
      .where(and(inArray(users.id, proven), isNull(users.emailVerifiedAt)));
    await tx.delete(sessions).where(inArray(sessions.userId, proven));
    for (const id of proven) await revokeApiTokens(tx, id);
  }
  if (!embedded) return proven;

  const flipped = await tx
    .update(authUser)
    .set({ emailVerified: true, updatedAt: new Date() })
    .where(and(eq(authUser.id, subject), eq(authUser.email, email), eq(authUser.emailVerified, false)))
    .returning({ id: authUser.id });
  // Whether this is the address's first proof: the uploader account says so when there is one
  // (accounts made before verification existed are proven there, not in the provider's record).
  const first = accounts.length > 0 ? proven.length > 0 : flipped.length > 0;
  if (first) {
    await tx.delete(authSession).where(eq(authSession.userId, subject));
    await tx
      .delete(authAccount)
      .where(and(eq(authAccount.userId, subject), ne(authAccount.providerId, "credential")));
    if (proof.via === "link") {
      await tx
        .update(authAccount)
        .set({ password: null, updatedAt: new Date() })
        .where(and(eq(authAccount.userId, subject), eq(authAccount.providerId, "credential")));
    }
  }
  return proven;
}
