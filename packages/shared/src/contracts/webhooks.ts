/**
 * Contracts of a team's webhooks: `/api/teams/:teamId/webhooks...`. A hook posts the
 * team's events to a URL, as our JSON payload or as a Discord embed (docs/webhooks.md). The secret
 * is answered once, by create and rotate. Error messages are i18n keys.
 */
import { z } from "zod";
import { zBaseVersion } from "../validation";
import { ZTeamParams } from "./teams";

/**
 * Events a hook may subscribe to (a "test" event is sent on demand to every hook); docs/webhooks.md
 * describes when each is sent and its payload.
 */
export const WEBHOOK_EVENTS = [
  "chapter.published",
  "chapter.unpublished",
  "chapter.deleted",
  "comic.created",
  "request.filed",
  "request.decided",
  "request.superseded",
  "member.joined",
  "member.left",
] as const;
export const ZWebhookEvent = z.enum(WEBHOOK_EVENTS, { error: () => "validation.invalid" });
export type TWebhookEvent = z.infer<typeof ZWebhookEvent>;

export const WEBHOOK_FORMATS = ["json", "discord"] as const;
export const ZWebhookFormat = z.enum(WEBHOOK_FORMATS, { error: () => "validation.invalid" });

export const WEBHOOK_DELIVERY_STATUSES = ["pending", "delivered", "failed"] as const;

export const WEBHOOK_URL_MAX = 500;
/** Hooks per team. */
export const WEBHOOKS_PER_TEAM = 10;
/** Delivery log rows kept (and answered) per hook. */
export const WEBHOOK_LOG_KEEP = 100;

const zHookUrl = z
  .string({ error: () => "validation.invalid" })
  .trim()
  .max(WEBHOOK_URL_MAX, { error: "validation.tooLong" })
  .pipe(z.url({ protocol: /^https?$/, error: "webhooks.urlInvalid" }));

/**
 * A link template: an http(s) URL whose `{comicId}`, `{chapterId}`, `{chapterOrder}` and `{teamId}`
 * are filled per event; empty for the dashboard's chapter page.
 */
const zLinkTemplate = z
  .string({ error: () => "validation.invalid" })
  .trim()
  .max(WEBHOOK_URL_MAX, { error: "validation.tooLong" })
  .refine((s) => s === "" || /^https?:\/\/[^\s]+$/i.test(s), { error: "webhooks.urlInvalid" });

const zEvents = z
  .array(ZWebhookEvent, { error: () => "validation.invalid" })
  .min(1, { error: "webhooks.eventsRequired" })
  .transform((events) => [...new Set(events)]);

/** `GET /api/teams/{teamId}/webhooks` items (never the secret). */
export const ZWebhook = z.object({
  id: z.number().int(),
  url: z.string(),
  events: z.array(ZWebhookEvent),
  format: ZWebhookFormat,
  linkTemplate: z.string(),
  /** Paused by the server after repeated failures (or by a manager); resumed by `paused: false`. */
  paused: z.boolean(),
  consecutiveFailures: z.number().int(),
  version: z.number().int(),
  createdAt: z.iso.datetime(),
});
export type TWebhook = z.infer<typeof ZWebhook>;

export const ZWebhookList = z.object({ items: z.array(ZWebhook) });
export type TWebhookList = z.infer<typeof ZWebhookList>;

/** Create and rotate answer the hook with its secret: the only time it is shown. */
export const ZWebhookWithSecret = ZWebhook.extend({ secret: z.string() });
export type TWebhookWithSecret = z.infer<typeof ZWebhookWithSecret>;

/** `POST /api/teams/{teamId}/webhooks`. */
export const ZCreateWebhookRequest = z
  .object({
    url: zHookUrl,
    events: zEvents,
    format: ZWebhookFormat.optional().default("json"),
    linkTemplate: zLinkTemplate.optional().default(""),
  })
  .meta({ id: "CreateWebhookRequest" });
export type TCreateWebhookRequest = z.input<typeof ZCreateWebhookRequest>;

/** `PUT /api/teams/{teamId}/webhooks/{hookId}`. */
export const ZUpdateWebhookRequest = ZCreateWebhookRequest.extend({
  version: zBaseVersion,
  paused: z.boolean({ error: () => "validation.invalid" }).optional(),
}).meta({ id: "UpdateWebhookRequest" });
export type TUpdateWebhookRequest = z.input<typeof ZUpdateWebhookRequest>;

const zPathId = z.coerce
  .number({ error: () => "validation.invalid" })
  .int({ error: "validation.invalid" })
  .min(1, { error: "validation.invalid" })
  .max(2_147_483_647, { error: "validation.invalid" });

export const ZWebhookParams = ZTeamParams.extend({ hookId: zPathId });
export const ZWebhookDeliveryParams = ZWebhookParams.extend({ deliveryId: zPathId });

/** One row of a hook's delivery log. */
export const ZWebhookDelivery = z.object({
  id: z.number().int(),
  eventId: z.string(),
  event: z.string(),
  status: z.enum(WEBHOOK_DELIVERY_STATUSES),
  attempts: z.number().int(),
  responseCode: z.number().int().nullable(),
  /** The first bytes of the receiver's answer, or the network error. */
  responseExcerpt: z.string(),
  createdAt: z.iso.datetime(),
  lastAttemptAt: z.iso.datetime().nullable(),
  nextAttemptAt: z.iso.datetime().nullable(),
});
export type TWebhookDelivery = z.infer<typeof ZWebhookDelivery>;

export const ZWebhookDeliveryList = z.object({ items: z.array(ZWebhookDelivery) });
export type TWebhookDeliveryList = z.infer<typeof ZWebhookDeliveryList>;
