/**
 * Contracts of `/api/tokens` (docs/permissions.md, "API tokens"): personal API tokens for tools
 * (`npm run upload`).
 *
 *   GET    /tokens                        -> ZApiTokenListResponse (the caller's tokens, newest first)
 *   POST   /tokens   ZCreateApiTokenRequest -> 201 ZCreatedApiToken (the secret, shown this once)
 *   DELETE /tokens/:tokenId               -> 204 (revoke; 404 for another user's token)
 *
 * A token acts as its user, limited to one team (`teamId`, a team the user is a member of) and a
 * scope: `read` (GET the comic, its chapter list and chapters) or `upload` (also create chapters,
 * upload pages and save/publish chapters). It is sent as `Authorization: Bearer <secret>` without
 * cookies, is never accepted on any other route (401) and never acts as a platform admin.
 */
import { z } from "zod";
import { zRequiredString } from "../validation";
import { zId, zIdParam } from "./comics";

export const API_TOKEN_NAME_MAX = 100;
/** Secrets start with this, so scanners and people recognise them. */
export const API_TOKEN_PREFIX = "vts_";
/** Calls one token may make per minute before 429. */
export const API_TOKEN_RATE_PER_MINUTE = 600;
export const API_TOKEN_MAX_PER_USER = 50;

export const API_TOKEN_SCOPES = ["read", "upload"] as const;
export const ZApiTokenScope = z.enum(API_TOKEN_SCOPES, { error: () => "validation.invalid" });
export type TApiTokenScope = z.infer<typeof ZApiTokenScope>;

export const ZCreateApiTokenRequest = z
  .object({
    name: zRequiredString().pipe(z.string().max(API_TOKEN_NAME_MAX, { error: "validation.tooLong" })),
    teamId: zId("validation.teamRequired"),
    scope: ZApiTokenScope,
  })
  .meta({ id: "CreateApiTokenRequest" });
export type TCreateApiTokenRequest = z.infer<typeof ZCreateApiTokenRequest>;

export const ZApiToken = z.object({
  id: z.number().int(),
  name: z.string(),
  team: z.object({ id: z.number().int(), name: z.string() }),
  scope: ZApiTokenScope,
  /** The first characters of the secret, to tell tokens apart. */
  prefix: z.string(),
  createdAt: z.number(),
  lastUsedAt: z.number().nullable(),
  revokedAt: z.number().nullable(),
});
export type TApiToken = z.infer<typeof ZApiToken>;

export const ZApiTokenListResponse = z.object({ tokens: z.array(ZApiToken) });
export type TApiTokenListResponse = z.infer<typeof ZApiTokenListResponse>;

export const ZCreatedApiToken = z.object({ token: ZApiToken, secret: z.string() });
export type TCreatedApiToken = z.infer<typeof ZCreatedApiToken>;

export const ZApiTokenParams = z.object({ tokenId: zIdParam });
