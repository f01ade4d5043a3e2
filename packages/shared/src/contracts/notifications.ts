/**
 * Contracts of the notification centre: the bell in the header and each user's mail
 * choice per kind (docs/requests.md, "Notifications").
 *
 *   GET  /notifications?unread&page&limit   -> ZNotificationList (newest first, with the unread count)
 *   POST /notifications/:id/read            -> ZReadAllResponse (one of mine; 404 otherwise)
 *   POST /notifications/read-all            -> ZReadAllResponse
 *   GET  /notifications/settings            -> ZNotificationSettings
 *   PUT  /notifications/settings            -> ZNotificationSettings
 */
import { z } from "zod";
import { zIdParam } from "./comics";

export const NOTIFICATION_KINDS = [
  "request_to_review",
  "request_decided",
  "invitation",
  "chapter_published",
  "request_superseded",
  "comic_deleted",
  "comic_restored",
  "comic_merged",
  "webhook_paused",
] as const;
export const ZNotificationKind = z.enum(NOTIFICATION_KINDS, { error: () => "validation.invalid" });
export type TNotificationKind = z.infer<typeof ZNotificationKind>;

/**
 * What a notification talks about (ids and names as they were when it was created). Every field is
 * optional: each kind uses its own.
 */
export const ZNotificationData = z.object({
  requestId: z.number().int().optional(),
  requestType: z.string().optional(),
  status: z.string().optional(),
  note: z.string().optional(),
  comicId: z.number().int().optional(),
  comicTitle: z.string().optional(),
  chapterId: z.number().int().optional(),
  chapterOrder: z.number().optional(),
  chapterName: z.string().optional(),
  teamId: z.number().int().optional(),
  teamName: z.string().optional(),
  role: z.string().optional(),
  actorName: z.string().optional(),
  /** A merge: the comic merged into (`comic_merged`, a merge request). */
  targetComicId: z.number().int().optional(),
  targetComicTitle: z.string().optional(),
  /** `comic_deleted` at a request: the team that asked for it. */
  requesterTeamName: z.string().optional(),
  /** `request_superseded`: what made the request moot, its comic deleted or merged away. */
  cause: z.enum(["delete", "merge"]).optional(),
  /** webhook_paused: the hook, the host it posts to and the failed attempts in a row. */
  hookId: z.number().int().optional(),
  host: z.string().optional(),
  failures: z.number().int().optional(),
});
export type TNotificationData = z.infer<typeof ZNotificationData>;

export const ZNotification = z
  .object({
    id: z.number().int(),
    kind: ZNotificationKind,
    data: ZNotificationData,
    read: z.boolean(),
    createdAt: z.string(),
  })
  .meta({ id: "Notification" });
export type TNotification = z.infer<typeof ZNotification>;

const flag = z
  .union([z.literal("1"), z.literal("0"), z.literal("true"), z.literal("false")], {
    error: () => "validation.invalid",
  })
  .transform((v) => v === "1" || v === "true");

export const ZNotificationQuery = z.object({
  unread: flag.optional(),
  page: z.coerce
    .number({ error: () => "validation.invalid" })
    .int({ error: "validation.invalid" })
    .min(1, { error: "validation.invalid" })
    .max(100_000, { error: "validation.invalid" })
    .default(1),
  limit: z.coerce
    .number({ error: () => "validation.invalid" })
    .int({ error: "validation.invalid" })
    .min(1, { error: "validation.invalid" })
    .max(50, { error: "validation.invalid" })
    .default(10),
});
export type TNotificationQuery = z.input<typeof ZNotificationQuery>;

export const ZNotificationList = z.object({
  items: z.array(ZNotification),
  total: z.number().int(),
  totalPages: z.number().int(),
  /** Unread notifications of the caller (all pages). */
  unread: z.number().int(),
});
export type TNotificationList = z.infer<typeof ZNotificationList>;

export const ZNotificationParams = z.object({ id: zIdParam });
export const ZReadAllResponse = z.object({ updated: z.number().int() });

/** Mail on/off per kind (no stored choice: on). In-app notifications are always kept. */
export const ZNotificationSettings = z.object({
  mail: z.object({
    request_to_review: z.boolean({ error: () => "validation.invalid" }),
    request_decided: z.boolean({ error: () => "validation.invalid" }),
    invitation: z.boolean({ error: () => "validation.invalid" }),
    chapter_published: z.boolean({ error: () => "validation.invalid" }),
    request_superseded: z.boolean({ error: () => "validation.invalid" }),
    comic_deleted: z.boolean({ error: () => "validation.invalid" }),
    comic_restored: z.boolean({ error: () => "validation.invalid" }),
    comic_merged: z.boolean({ error: () => "validation.invalid" }),
    webhook_paused: z.boolean({ error: () => "validation.invalid" }),
  }),
});
export type TNotificationSettings = z.infer<typeof ZNotificationSettings>;
/** `PUT /notifications/settings`: the kinds given change; a kind left out keeps its choice. */
export const ZNotificationSettingsInput = z
  .object({ mail: ZNotificationSettings.shape.mail.partial() })
  .meta({ id: "NotificationSettingsUpdate" });
export type TNotificationSettingsInput = z.infer<typeof ZNotificationSettingsInput>;
