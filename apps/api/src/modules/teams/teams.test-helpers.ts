/**
 * Helpers for team tests: users with a session made directly in the database (fast, no identity
 * provider round trip; the sign-in flow itself is tested by the users module), calls with that
 * session, teams with members, and multipart bodies.
 */
import { randomBytes } from "node:crypto";
import { crc32, deflateSync } from "node:zlib";
import sharp from "sharp";
import type { TestApp } from "../../../test/app";
import { hashSessionToken, SESSION_COOKIE, SESSION_TTL_MS } from "../../auth/session";
import { type TeamRole, teamMembers } from "../../db/schema/teams";
import { sessions, users } from "../../db/schema/users";

export interface TestUser {
  id: number;
  email: string;
  name: string;
  role: "user" | "admin";
  cookie: string;
}

let counter = 0;

export async function createUser(
  t: TestApp,
  options: { admin?: boolean; email?: string; name?: string; unverified?: boolean } = {},
): Promise<TestUser> {
  counter += 1;
  const email = (
    options.email ?? `member${counter}.${randomBytes(3).toString("hex")}@example.com`
  ).toLowerCase();
  const name = options.name ?? `Thành Viên ${counter}`;
  const role = options.admin ? "admin" : "user";
  const [row] = await t.database.db
    .insert(users)
    .values({
      email,
      name,
      role,
      identityIssuer: "test",
      identitySubject: `test-${counter}-${email}`,
      emailVerifiedAt: options.unverified ? null : new Date(),
    })
    .returning({ id: users.id });
  const token = randomBytes(32).toString("base64url");
  await t.database.db.insert(sessions).values({
    id: hashSessionToken(token),
    userId: row!.id,
    expiresAt: new Date(Date.now() + SESSION_TTL_MS),
  });
  return { id: row!.id, email, name, role, cookie: `${SESSION_COOKIE}=${token}` };
}

export interface CallOptions {
  payload?: unknown;
  headers?: Record<string, string>;
}

/** A dashboard call (app-origin header) as `user`, or signed out when user is null. */
export function call(
  t: TestApp,
  user: TestUser | null,
  method: string,
  url: string,
  options: CallOptions = {},
) {
  const isJson = options.payload !== undefined && !Buffer.isBuffer(options.payload);
  return t.app.inject({
    method: method as "GET",
    url,
    headers: {
      ...t.headers,
      ...(user ? { cookie: user.cookie } : {}),
      ...(isJson ? { "content-type": "application/json" } : {}),
      ...options.headers,
    },
    ...(options.payload === undefined
      ? {}
      : { payload: isJson ? JSON.stringify(options.payload) : (options.payload as Buffer) }),
  });
}

/** Creates a team through the API (so the owner row and audit entry are real), then adds members. */
export async function createTeam(
  t: TestApp,
  owner: TestUser,
  members: { user: TestUser; role: Exclude<TeamRole, "owner"> }[] = [],
  name = `Nhóm ${++counter}`,
): Promise<number> {
  const res = await call(t, owner, "POST", "/api/teams", { payload: { name } });
  if (res.statusCode !== 201) throw new Error(`create team failed: ${res.statusCode} ${res.body}`);
  const teamId = (res.json() as { id: number }).id;
  for (const m of members) await addMember(t, teamId, m.user, m.role);
  return teamId;
}

export async function addMember(t: TestApp, teamId: number, user: TestUser, role: TeamRole): Promise<void> {
  await t.database.db.insert(teamMembers).values({ teamId, userId: user.id, role });
}

export interface UploadFile {
  field?: string;
  filename: string;
  contentType?: string;
  bytes: Buffer;
}

/** A multipart/form-data body and its content-type header. */
export function multipart(files: UploadFile[], fields: Record<string, string> = {}) {
  const boundary = `----vt${randomBytes(8).toString("hex")}`;
  const chunks: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    chunks.push(
      Buffer.from(`--${boundary}\r\ncontent-disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`),
    );
  }
  for (const f of files) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\ncontent-disposition: form-data; name="${f.field ?? "file"}"; filename="${f.filename}"\r\n` +
          `content-type: ${f.contentType ?? "application/octet-stream"}\r\n\r\n`,
      ),
      f.bytes,
      Buffer.from("\r\n"),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(chunks),
    headers: { "content-type": `multipart/form-data; boundary=${boundary}` },
  };
}

/** Upload files as `user`. */
export function upload(t: TestApp, user: TestUser | null, url: string, files: UploadFile[]) {
  const body = multipart(files);
  return call(t, user, "POST", url, { payload: body.payload, headers: body.headers });
}

export function png(width = 8, height = 8): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: { r: 200, g: 120, b: 40 } } })
    .png()
    .toBuffer();
}

export function jpeg(width = 8, height = 8): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: { r: 20, g: 120, b: 240 } } })
    .jpeg()
    .toBuffer();
}

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const typed = Buffer.concat([Buffer.from(type, "ascii"), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(typed));
  return Buffer.concat([length, typed, crc]);
}

/**
 * A tiny, well-formed PNG header declaring a huge canvas (a decompression bomb): a few hundred
 * bytes on disk, `width x height` pixels once decoded.
 */
export function pixelBombPng(width = 20_000, height = 20_000): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 2; // colour type RGB
  const idat = deflateSync(Buffer.alloc(1024));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk("IHDR", ihdr),
    pngChunk("IDAT", idat),
    pngChunk("IEND", Buffer.alloc(0)),
  ]);
}
