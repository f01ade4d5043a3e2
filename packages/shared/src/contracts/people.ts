/**
 * Contracts of authors, artists and characters (the pages /authors, /artists, /characters). One
 * implementation, three URL families (the kind is the path):
 *
 *   GET  /api/authors|artists|characters?page&limit&search  -> ZPersonListResponse
 *   GET  /api/authors|artists|characters/:id                -> ZPerson
 *   POST /api/authors|artists|characters      ZPersonBody   -> 201 ZPerson
 *   PUT  /api/authors|artists|characters/:id  ZPersonBody   -> ZPerson
 *   POST /api/authors|artists|characters/:id/deleteRequest  ZPersonDeleteRequestBody
 *                                                           -> 201 ZRequestCreatedResponse (contracts/comics)
 *
 * People are shared by the whole platform (any team may link them to its comics). Listing and
 * reading: any signed-in user. Creating: members of any team (and admins). Editing: the user who
 * created it, members of a team working on it (a comic of theirs links it), admins; others 403.
 * Deleting goes through a request (reason required) that an admin approves.
 * Search is accent-insensitive ('nguyen' finds 'Nguyễn', 'd' finds 'đ').
 */
import { z } from "zod";
import { zReason, zRequiredString } from "../validation";
import { ZPageQuery, zPagedList } from "./paging";

export const PERSON_KINDS = ["author", "artist", "character"] as const;
export const ZPersonKind = z.enum(PERSON_KINDS);
export type TPersonKind = z.infer<typeof ZPersonKind>;
/** URL segment of each kind: /api/authors, /api/artists, /api/characters. */
export const PERSON_PATHS = {
  author: "authors",
  artist: "artists",
  character: "characters",
} as const satisfies Record<TPersonKind, string>;

export const PERSON_NAME_MAX = 100;

export const ZPersonRef = z.object({ id: z.number().int(), name: z.string() });
export type TPersonRef = z.infer<typeof ZPersonRef>;

export const ZPerson = z.object({
  id: z.number().int(),
  kind: ZPersonKind,
  name: z.string(),
  /** Live comics linking this person. */
  comicCount: z.number().int(),
  /** Couples: for a character, the couples it is part of; for an author/artist, the couples of their comics. */
  coupleCount: z.number().int(),
  uploadedBy: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  /** Teams currently working on it: owners and collaborators of the comics linking it. */
  teams: z.array(z.object({ id: z.number().int(), name: z.string() })),
  /** The caller may edit it. */
  canEdit: z.boolean(),
  /** A delete request by one of my teams is pending. */
  deleteRequested: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type TPerson = z.infer<typeof ZPerson>;

export const ZPersonListQuery = ZPageQuery;
export type TPersonListQuery = z.input<typeof ZPersonListQuery>;

export const ZPersonListResponse = zPagedList("people", ZPerson);
export type TPersonListResponse = z.infer<typeof ZPersonListResponse>;

/** Create / rename. 409 'people.nameTaken' when the same kind already has that exact name. */
export const ZPersonBody = z
  .object({
    name: zRequiredString().pipe(z.string().max(PERSON_NAME_MAX, { error: "validation.tooLong" })),
  })
  .meta({ id: "PersonBody" });
export type TPersonBody = z.input<typeof ZPersonBody>;

export const ZPersonDeleteRequestBody = z
  .object({
    teamId: z
      .number({ error: () => "validation.teamRequired" })
      .int({ error: "validation.teamRequired" })
      .min(1, { error: "validation.teamRequired" })
      .max(2_147_483_647, { error: "validation.teamRequired" }),
    reason: zReason.pipe(z.string().max(1000, { error: "validation.tooLong" })),
  })
  .meta({ id: "PersonDeleteRequestBody" });
export type TPersonDeleteRequestBody = z.input<typeof ZPersonDeleteRequestBody>;
