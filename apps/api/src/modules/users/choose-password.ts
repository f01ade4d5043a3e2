/**
 * Choosing a password after the verification link (docs/identity.md, "E-mail verification"). The
 * link's first proof of an address ends the password given at sign-up, since whoever registered the
 * address first may not own it (auth/mailbox-proof.ts). The mailbox's owner then chooses one here,
 * once, from a session made after the proof (every earlier one was ended, so the session is theirs):
 * only an account of the embedded provider whose password was ended may. Anyone else keeps
 * "change password" (which needs the current one) or "forgot password".
 */
import { and, eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import type { Executor } from "../../db/executor";
import { authAccount } from "../../db/schema/auth";
import { users } from "../../db/schema/users";
import { AppError } from "../../lib/app-error";

export interface ChoosePasswordDeps {
  db: Db;
  embeddedIssuer: string;
  /** The embedded provider's own hasher, so its sign-in checks the password. */
  hashPassword: (password: string) => Promise<string>;
}

/** The embedded provider's password record of a user that has none (ended by the proof), locked. */
async function endedPassword(tx: Executor, embeddedIssuer: string, userId: number, lock: boolean) {
  const [user] = await tx
    .select({ issuer: users.identityIssuer, subject: users.identitySubject })
    .from(users)
    .where(eq(users.id, userId));
  if (!user || user.issuer !== embeddedIssuer) return undefined;
  const query = tx
    .select({ id: authAccount.id, password: authAccount.password })
    .from(authAccount)
    .where(and(eq(authAccount.userId, user.subject), eq(authAccount.providerId, "credential")));
  const [account] = lock ? await query.for("update") : await query;
  return account && account.password === null ? account : undefined;
}

/** Whether the user may choose a password now (the verify-email answer's `choosePassword`). */
export async function mayChoosePassword(deps: ChoosePasswordDeps, userId: number): Promise<boolean> {
  return (await endedPassword(deps.db, deps.embeddedIssuer, userId, false)) !== undefined;
}

/** Sets the chosen password; 409 (translated) when the account has one or signs in elsewhere. */
export async function choosePassword(
  deps: ChoosePasswordDeps,
  userId: number,
  password: string,
): Promise<void> {
  const hash = await deps.hashPassword(password);
  await deps.db.transaction(async (tx) => {
    const account = await endedPassword(tx, deps.embeddedIssuer, userId, true);
    if (!account) throw new AppError("CONFLICT", "verification.passwordNotChoosable");
    await tx
      .update(authAccount)
      .set({ password: hash, updatedAt: new Date() })
      .where(eq(authAccount.id, account.id));
  });
}
