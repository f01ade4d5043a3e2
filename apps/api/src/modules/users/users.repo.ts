import { and, eq, sql } from "drizzle-orm";
import type { SessionUser } from "../../auth/session";
import type { Db } from "../../db/client";
import type { Executor } from "../../db/executor";
import { type UserRole, userColumns, users } from "../../db/schema/users";

/** A user as userColumns selects it: the session's user, without an API token's grant. */
export type UserRow = Omit<SessionUser, "token">;

export async function findUserById(db: Db, id: number): Promise<UserRow | undefined> {
  const [row] = await db.select(userColumns).from(users).where(eq(users.id, id)).limit(1);
  return row;
}

export async function findUserByIdentity(
  db: Db,
  issuer: string,
  subject: string,
): Promise<UserRow | undefined> {
  const [row] = await db
    .select(userColumns)
    .from(users)
    .where(and(eq(users.identityIssuer, issuer), eq(users.identitySubject, subject)))
    .limit(1);
  return row;
}

export async function findUserByEmail(db: Db, email: string): Promise<UserRow | undefined> {
  const [row] = await db.select(userColumns).from(users).where(eq(users.email, email.toLowerCase())).limit(1);
  return row;
}

export interface NewUser {
  email: string;
  name: string;
  avatar: string | null;
  role: UserRole;
  identityIssuer: string;
  identitySubject: string;
  emailVerifiedAt: Date | null;
}

/** Inserts the user; on a concurrent first sign-in of the same identity, returns undefined. */
export async function insertUser(db: Db, user: NewUser): Promise<UserRow | undefined> {
  const [row] = await db
    .insert(users)
    .values(user)
    .onConflictDoNothing({ target: [users.identityIssuer, users.identitySubject] })
    .returning(userColumns);
  return row;
}

export async function updateUser(
  db: Executor,
  id: number,
  patch: Partial<Pick<UserRow, "email" | "name" | "avatar" | "role">> & {
    disabledAt?: Date | null;
    emailVerifiedAt?: Date | null;
  },
): Promise<UserRow | undefined> {
  const [row] = await db
    .update(users)
    .set({ ...patch, updatedAt: sql`now()` })
    .where(eq(users.id, id))
    .returning(userColumns);
  return row;
}

export async function setRoleByEmail(db: Db, email: string, role: UserRole): Promise<UserRow | undefined> {
  const [row] = await db
    .update(users)
    .set({ role, updatedAt: sql`now()` })
    .where(eq(users.email, email.toLowerCase()))
    .returning(userColumns);
  return row;
}
