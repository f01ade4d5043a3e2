/**
 * Rules of the uploader-service users: sign-in with a verified ID token, profile updates (own
 * profile only) and platform-admin grants.
 */

import { EMAIL_REGEX } from "@vt/shared/constants";
import type { TAuthRequest, TUpdateUserRequest } from "@vt/shared/contracts/users";
import type { IdTokenVerifier, VerifiedIdentity } from "../../auth/id-token";
import { IdTokenError } from "../../auth/id-token";
import type { SessionUser } from "../../auth/session";
import type { Db } from "../../db/client";
import { isUniqueViolation } from "../../db/errors";
import type { UserRole } from "../../db/schema/users";
import { AppError, fieldError } from "../../lib/app-error";
import {
  findUserByEmail,
  findUserById,
  findUserByIdentity,
  insertUser,
  setRoleByEmail,
  type UserRow,
  updateUser,
} from "./users.repo";

/** Defined in this module's other files, used by its routes. */
export { avatarScope, presignAvatar, uploadAvatar } from "./avatar";
/** What other modules use of this one: this file is the module's public entry. */
export { updateUser } from "./users.repo";

export interface SignInDeps {
  db: Db;
  verifyIdToken: IdTokenVerifier;
  adminEmails: readonly string[];
  log: { info(o: object, m: string): void; error(o: object, m: string): void };
  /** Sends the verification mail to a user created with an address nobody verified yet. */
  sendVerificationMail(user: UserRow): Promise<void>;
}

const isHttpUrl = (v: string | null | undefined): v is string =>
  !!v && /^https?:\/\/\S+$/i.test(v) && v.length <= 2048;

/**
 * Verifies the ID token, then finds or creates the user of that identity (issuer + subject).
 * Token claims win over the body's hints; hints only fill a missing name or avatar (and the e-mail
 * when an issuer sends none, which then never grants admin). ADMIN_EMAILS grants admin only for an
 * e-mail the issuer says is verified, and by the same rule the issuer's `email_verified: true`
 * marks our user verified (invitations need it). A user created unverified gets the verification
 * mail; a verification is never undone by a later token, only by a change of address.
 */
export async function signInWithIdToken(
  deps: SignInDeps,
  input: TAuthRequest,
): Promise<{ user: UserRow; identity: VerifiedIdentity }> {
  const identity = await verify(deps, input.token);
  return { user: await findOrCreateUser(deps, identity, input), identity };
}

async function verify(deps: SignInDeps, token: string): Promise<VerifiedIdentity> {
  try {
    return await deps.verifyIdToken(token);
  } catch (error) {
    if (error instanceof IdTokenError) {
      deps.log.info({ reason: error.reason }, "ID token rejected");
      throw new AppError("UNAUTHORIZED");
    }
    throw error;
  }
}

async function findOrCreateUser(
  deps: SignInDeps,
  identity: VerifiedIdentity,
  input: TAuthRequest,
): Promise<UserRow> {
  const hintEmail = input.email?.trim().toLowerCase();
  const email = identity.email ?? (hintEmail && EMAIL_REGEX.test(hintEmail) ? hintEmail : undefined);
  // The provider shared no address and the body's hint is missing or not an address.
  if (!email) throw fieldError(["email"], "verification.emailMissing");
  const issuerVerified = identity.email !== undefined && identity.emailVerified === true;
  const grantsAdmin = issuerVerified && deps.adminEmails.includes(identity.email!);

  const existing = await findUserByIdentity(deps.db, identity.issuer, identity.subject);
  if (existing) {
    const patch: { email?: string; role?: UserRole; emailVerifiedAt?: Date | null } = {};
    if (identity.email && identity.email !== existing.email) {
      const owner = await findUserByEmail(deps.db, identity.email);
      if (!owner) {
        patch.email = identity.email;
        patch.emailVerifiedAt = issuerVerified ? new Date() : null;
      }
    } else if (issuerVerified && !existing.emailVerified) {
      patch.emailVerifiedAt = new Date();
    }
    if (grantsAdmin && existing.role !== "admin") patch.role = "admin";
    if (Object.keys(patch).length === 0) return existing;
    try {
      return (await updateUser(deps.db, existing.id, patch)) ?? existing;
    } catch (error) {
      if (isUniqueViolation(error)) return existing;
      throw error;
    }
  }

  // One account per e-mail: a second identity with the same address is refused rather than
  // silently merged, since not every issuer proves the address belongs to the signer.
  if (await findUserByEmail(deps.db, email)) throw new AppError("CONFLICT", "errors.CONFLICT");
  const name = identity.name ?? input.name?.trim() ?? "";
  try {
    const created = await insertUser(deps.db, {
      email,
      name: (name || email.split("@")[0] || email).slice(0, 100),
      avatar: isHttpUrl(identity.picture) ? identity.picture : isHttpUrl(input.avatar) ? input.avatar : null,
      role: grantsAdmin ? "admin" : "user",
      identityIssuer: identity.issuer,
      identitySubject: identity.subject,
      emailVerifiedAt: issuerVerified && identity.email === email ? new Date() : null,
    });
    if (created) {
      if (!created.emailVerified) {
        // The account works without it; the banner offers "send again" if this mail is lost.
        await deps.sendVerificationMail(created).catch((error: unknown) => {
          deps.log.error({ err: error, userId: created.id }, "could not send the verification mail");
        });
      }
      return created;
    }
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError("CONFLICT", "errors.CONFLICT");
    throw error;
  }
  // Lost a race with a concurrent first sign-in of the same identity.
  const raced = await findUserByIdentity(deps.db, identity.issuer, identity.subject);
  if (!raced) throw new AppError("CONFLICT", "errors.CONFLICT");
  return raced;
}

/** A user may update only their own profile. */
export async function updateProfile(
  db: Db,
  actor: SessionUser,
  id: number,
  patch: TUpdateUserRequest,
): Promise<UserRow> {
  if (actor.id !== id) throw new AppError("FORBIDDEN");
  const changes: { name?: string; avatar?: string | null } = {};
  if (patch.name !== undefined) changes.name = patch.name;
  if (patch.avatar !== undefined) changes.avatar = patch.avatar;
  const updated = Object.keys(changes).length
    ? await updateUser(db, id, changes)
    : await findUserById(db, id);
  if (!updated) throw new AppError("NOT_FOUND");
  return updated;
}

/** Grants or revokes the platform admin role by e-mail (the admin CLI). */
export async function setAdminRole(db: Db, email: string, admin: boolean): Promise<UserRow | undefined> {
  return setRoleByEmail(db, email, admin ? "admin" : "user");
}
