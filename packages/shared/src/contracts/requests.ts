/**
 * Contracts of requests: permission to upload to a comic, delete and merge requests, their lists
 * and answers (`/api/comics/.../permission|delete|merge`, `/api/requests`, `/api/admin/requests`;
 * who may do what: contracts/comics.ts). Error messages are i18n keys.
 *
 * Routes (all under /api; every one needs the session cookie, writes the x-app-origin header):
 *   POST   /comics/permission/:id  ZPermissionRequestBody  -> 201 ZRequestCreatedResponse
 *   POST   /comics/deleteRequest   ZDeleteRequestBody      -> 201 ZRequestCreatedResponse
 *   POST   /comics/mergeRequest    ZMergeRequestBody       -> 201 ZRequestCreatedResponse
 *   POST   /comics/merge         ZMergeBody (admins)       -> ZMergeResponse
 *   GET    /requests?scope&type&status&comicId&page&limit  -> ZRequestListResponse
 *   POST   /admin/requests/:id/approve | /reject  (admins) -> ZComicRequest
 */
import { z } from "zod";
import { zReason } from "../validation";
import { ZComicRef, ZRequestStatus, ZRequestType, ZTeamRef, zId, zIdParam } from "./comics";
import { zLimit, zPage, zPagedList } from "./paging";

// ── Requests ─────────────────────────────────────────────────────────────────

/**
 * `POST /api/comics/permission/{id}`: my team `teamId` asks to upload to comic {id}. The body is
 * optional (the platform's call has none): without it the team is the caller's only team (422 on
 * `teamId` asking to choose when they have several) and the reason is left empty; a body sent by
 * the dashboard must carry a reason (docs/requests.md).
 */
export const ZPermissionRequestBody = z
  .object({
    teamId: zId("validation.teamRequired").optional(),
    reason: zReason.pipe(z.string().max(1000, { error: "validation.tooLong" })),
  })
  .nullish()
  .meta({ id: "PermissionRequestBody" });
/** The permission dialog's form: a team and a reason. */
export const ZPermissionRequestForm = z.object({
  teamId: zId("validation.teamRequired"),
  reason: zReason.pipe(z.string().max(1000, { error: "validation.tooLong" })),
});
export type TPermissionRequestBody = z.input<typeof ZPermissionRequestBody>;

const zRequestReason = zReason.pipe(z.string().max(1000, { error: "validation.tooLong" }));

export const ZDeleteRequestBody = z
  .object({
    comicId: zId("validation.comicRequired"),
    teamId: zId("validation.teamRequired"),
    reason: zRequestReason,
  })
  .meta({ id: "DeleteRequestBody" });
export type TDeleteRequestBody = z.input<typeof ZDeleteRequestBody>;

export const ZMergeRequestBody = z
  .object({
    comicId: zId("validation.comicRequired"),
    targetComicId: zId("validation.comicRequired"),
    teamId: zId("validation.teamRequired"),
    reason: zRequestReason,
  })
  .refine((v) => v.comicId !== v.targetComicId, { path: ["targetComicId"], error: "validation.mergeSelf" })
  .meta({ id: "MergeRequestBody" });
export type TMergeRequestBody = z.input<typeof ZMergeRequestBody>;

/** `POST /api/comics/merge` (admins): comic `comicId` is merged INTO `targetComicId`, then deleted. */
export const ZMergeBody = z
  .object({
    comicId: zId("validation.comicRequired"),
    targetComicId: zId("validation.comicRequired"),
  })
  .refine((v) => v.comicId !== v.targetComicId, { path: ["targetComicId"], error: "validation.mergeSelf" })
  .meta({ id: "MergeBody" });
export type TMergeBody = z.input<typeof ZMergeBody>;

export const ZMergeResponse = z.object({
  message: z.string(),
  targetComicId: z.number().int(),
  moved: z.object({
    chapters: z.number().int(),
    arts: z.number().int(),
    people: z.number().int(),
    genres: z.number().int(),
    teams: z.number().int(),
    requests: z.number().int(),
  }),
});
export type TMergeResponse = z.infer<typeof ZMergeResponse>;

/** A stored request (permission, delete, merge, person delete). */
export const ZComicRequest = z.object({
  id: z.number().int(),
  type: ZRequestType,
  status: ZRequestStatus,
  reason: z.string(),
  team: ZTeamRef,
  user: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  comic: ZComicRef.nullable(),
  targetComic: ZComicRef.nullable(),
  person: z
    .object({ id: z.number().int(), name: z.string(), kind: z.enum(["author", "artist", "character"]) })
    .nullable(),
  createdAt: z.string(),
  /** When it was approved, rejected, cancelled or superseded (null while pending). */
  reviewedAt: z.string().nullable(),
  /** Who settled it (the reviewer, the canceller, or who merged/deleted the comic). */
  reviewedBy: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  /** The reviewer's note ("" when none; always set on a rejection). */
  note: z.string(),
  /** What the caller may do with it now (pending only). */
  can: z.object({ review: z.boolean(), cancel: z.boolean() }),
});
export type TComicRequest = z.infer<typeof ZComicRequest>;

/** 201 of the request routes: the success text and the stored request (status pending). */
export const ZRequestCreatedResponse = z.object({ message: z.string(), request: ZComicRequest });
export type TRequestCreatedResponse = z.infer<typeof ZRequestCreatedResponse>;

/**
 * `GET /api/requests`: `scope=mine` (default; requests filed by my teams), `scope=review` (requests
 * I may review: permission requests on my managed teams' comics; admins: every request) or
 * `scope=all` (admins). Filters: `type`, `status`, `comicId`. Newest first.
 */
export const ZRequestListQuery = z.object({
  page: zPage,
  limit: zLimit,
  /** mine: filed by my teams; review: ones I may review; all: every request (admins). */
  scope: z.enum(["mine", "review", "all"], { error: () => "validation.invalid" }).default("mine"),
  /** Accepted for the platform's `?mine` spelling; same as scope=mine. */
  mine: z.string().optional(),
  type: ZRequestType.optional(),
  status: ZRequestStatus.optional(),
  comicId: zIdParam.optional(),
});
export type TRequestListQuery = z.input<typeof ZRequestListQuery>;
export const ZRequestListResponse = zPagedList("requests", ZComicRequest);
export type TRequestListResponse = z.infer<typeof ZRequestListResponse>;
export const ZRequestParams = z.object({ id: zIdParam });

/** `POST /api/requests/:id/approve` (note optional) and `/reject` (note required). */
export const ZApproveBody = z
  .object({
    note: z
      .string({ error: () => "validation.invalid" })
      .trim()
      .max(1000, { error: "validation.tooLong" })
      .default(""),
  })
  .nullish()
  .meta({ id: "ApproveBody" });
export const ZRejectBody = z
  .object({
    note: z
      .string({ error: () => "review.noteRequired" })
      .trim()
      .min(1, { error: "review.noteRequired" })
      .max(1000, { error: "validation.tooLong" }),
  })
  .meta({ id: "RejectBody" });
export type TRejectBody = z.input<typeof ZRejectBody>;

/** `GET /api/requests/counts`: pending requests of my teams and pending requests I may review. */
export const ZRequestCounts = z.object({ sent: z.number().int(), review: z.number().int() });
export type TRequestCounts = z.infer<typeof ZRequestCounts>;
