/**
 * Contracts of a team's donate and credit settings: `/api/teams/:teamId/donate` and `/credit`
 * (routes listed in contracts/teams.ts). Error messages are i18n keys.
 */
import { z } from "zod";
import { zBaseVersion } from "../validation";
import { ZStoredImage } from "./images";

// ── Donate ────────────────────────────────────────────────────────────────────

export const DONATE_CONTENT_MAX = 2000;

/** `GET /api/teams/{teamId}/donate` (and PUT, POST .../donate/qr answer it). */
export const ZDonateSettings = z.object({
  enabled: z.boolean(),
  qrImage: ZStoredImage.nullable(),
  content: z.string(),
  showInEachChapter: z.boolean(),
  version: z.number().int(),
});
export type TDonateSettings = z.infer<typeof ZDonateSettings>;

/**
 * `PUT /api/teams/{teamId}/donate`. `qrImage` is the storage key of the current QR code (keep it)
 * or null (remove it); a new QR code is set by uploading it to POST .../donate/qr.
 */
export const ZUpdateDonateRequest = z
  .object({
    version: zBaseVersion,
    enabled: z.boolean({ error: () => "validation.invalid" }),
    qrImage: z
      .string({ error: () => "validation.invalid" })
      .nullable()
      .optional()
      .default(null),
    content: z
      .string({ error: () => "validation.invalid" })
      .trim()
      .max(DONATE_CONTENT_MAX, { error: "validation.tooLong" })
      .optional()
      .default(""),
    showInEachChapter: z
      .boolean({ error: () => "validation.invalid" })
      .optional()
      .default(false),
  })
  .meta({ id: "UpdateDonateRequest" });
export type TUpdateDonateRequest = z.input<typeof ZUpdateDonateRequest>;

// ── Credit ────────────────────────────────────────────────────────────────────

export const CREDIT_TEXT_MAX = 2000;
/** Credit pages kept per team (and per upload request). */
export const CREDIT_MAX_PAGES = 10;

/**
 * `GET /api/teams/{teamId}/credit`. Pages are appended to the team's chapters (unless a chapter
 * hides credit); each key is `teams/...` and carries `_credit`.
 */
export const ZCreditSettings = z.object({
  enabled: z.boolean(),
  text: z.string(),
  pages: z.array(ZStoredImage),
  version: z.number().int(),
});
export type TCreditSettings = z.infer<typeof ZCreditSettings>;

/**
 * `PUT /api/teams/{teamId}/credit`. `pages` is the new order of storage keys: a subset of the
 * current pages (drop a key to remove that page). New pages come from POST .../credit/pages
 * (multipart `files`), which appends them.
 */
export const ZUpdateCreditRequest = z
  .object({
    version: zBaseVersion,
    enabled: z.boolean({ error: () => "validation.invalid" }),
    text: z
      .string({ error: () => "validation.invalid" })
      .trim()
      .max(CREDIT_TEXT_MAX, { error: "validation.tooLong" })
      .optional()
      .default(""),
    pages: z
      .array(z.string({ error: () => "validation.invalid" }), { error: () => "validation.invalid" })
      .max(CREDIT_MAX_PAGES, { error: "validation.tooManyFiles" })
      .refine((keys) => new Set(keys).size === keys.length, { error: "validation.invalid" })
      .optional()
      .default([]),
  })
  .meta({ id: "UpdateCreditRequest" });
export type TUpdateCreditRequest = z.input<typeof ZUpdateCreditRequest>;
