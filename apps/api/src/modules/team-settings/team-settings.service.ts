/**
 * Rules of a team's donate and credit settings (docs/permissions.md): every member reads them,
 * managers change them and upload the QR code and credit pages. A save based on an older version
 * is refused (409). Access, the team transaction and image storage come from teams.service.ts.
 */

import {
  CREDIT_MAX_PAGES,
  type TCreditSettings,
  type TDonateSettings,
  type ZUpdateCreditRequest,
  type ZUpdateDonateRequest,
} from "@vt/shared/contracts/team-settings";
import { naturalCompare } from "@vt/shared/natural-sort";
import type { z } from "zod";
import type { SessionUser } from "../../auth/session";
import { checkVersion, fieldError } from "../../lib/app-error";
import { changedFields } from "../../lib/audit";
import { decodeSlots } from "../../lib/decode-slots";
import { tooManyFiles } from "../../lib/image-gate";
import { fingerprintImage } from "../../lib/page-fingerprint";
import {
  type ImageReader,
  presignImageUpload,
  runImageUpload,
  type TicketRequest,
  type UploadAccess,
} from "../../lib/upload-flow";
import {
  deleteObjects,
  inTeamTx,
  storeTeamImage,
  TEAM_IMAGE_LIMITS,
  type TeamImageKind,
  type TeamsDeps,
  teamAccess,
  teamAudit,
  teamImage,
  teamImageAccess,
} from "../teams/teams.service";
import * as repo from "./team-settings.repo";

function toDonate(deps: Pick<TeamsDeps, "storage">, row: repo.Versioned<repo.DonateRow>): TDonateSettings {
  return {
    enabled: row.enabled,
    qrImage: teamImage(deps.storage, row.qrImage),
    content: row.content,
    showInEachChapter: row.showInEachChapter,
    version: row.version,
  };
}

function toCredit(deps: Pick<TeamsDeps, "storage">, row: repo.Versioned<repo.CreditRow>): TCreditSettings {
  return {
    enabled: row.enabled,
    text: row.text,
    pages: row.pages.map((key) => ({ key, url: deps.storage.publicUrl(key) })),
    version: row.version,
  };
}

export async function getDonate(
  deps: TeamsDeps,
  user: SessionUser,
  teamId: number,
): Promise<TDonateSettings> {
  await teamAccess(deps.db, user, teamId, "member");
  return toDonate(deps, await repo.getDonate(deps.db, teamId));
}

export async function updateDonate(
  deps: TeamsDeps,
  user: SessionUser,
  teamId: number,
  input: z.output<typeof ZUpdateDonateRequest>,
): Promise<TDonateSettings> {
  let removed: string | null = null;
  const result = await inTeamTx(deps, user, teamId, "manage", async (tx) => {
    const { version, ...current } = await repo.getDonate(tx, teamId);
    checkVersion(version, input.version);
    // A new QR code only comes from the upload route; the body may keep the current one or drop it.
    if (input.qrImage !== null && input.qrImage !== current.qrImage)
      throw fieldError(["qrImage"], "validation.invalid");
    const next: repo.DonateRow = {
      enabled: input.enabled,
      qrImage: input.qrImage,
      content: input.content,
      showInEachChapter: input.showInEachChapter,
    };
    const diff = changedFields(current, next);
    let saved = version;
    if (diff) {
      saved = await repo.saveDonate(tx, teamId, next);
      await teamAudit(tx, user, teamId, { entity: "donate", entityId: teamId, action: "update", ...diff });
    }
    if (current.qrImage && next.qrImage === null) removed = current.qrImage;
    return toDonate(deps, { ...next, version: saved });
  });
  await deleteObjects(deps, [removed]);
  return result;
}

/** The donate QR code, through the one upload flow (lib/upload-flow.ts); the previous one goes after the commit. */
export async function uploadDonateQr(
  deps: TeamsDeps,
  user: SessionUser,
  teamId: number,
  reader: ImageReader<unknown>,
): Promise<TDonateSettings> {
  const { donate } = await runImageUpload(deps, reader, {
    ...teamImageAccess(deps, user, teamId),
    store: (image) => storeTeamImage(deps, image, "_qr"),
    record: ([image]) =>
      inTeamTx(deps, user, teamId, "manage", async (tx) => {
        const key = image!.key;
        const { version: _, ...current } = await repo.getDonate(tx, teamId);
        const previous = current.qrImage;
        const next = { ...current, qrImage: key };
        const version = await repo.saveDonate(tx, teamId, next);
        await teamAudit(tx, user, teamId, {
          entity: "donate",
          entityId: teamId,
          action: "upload_qr",
          before: { qrImage: previous },
          after: { qrImage: key },
        });
        return { donate: toDonate(deps, { ...next, version }), previous };
      }),
    after: ({ previous }) => deleteObjects(deps, [previous]),
  });
  return donate;
}

// ── Credit ────────────────────────────────────────────────────────────────────

export async function getCredit(
  deps: TeamsDeps,
  user: SessionUser,
  teamId: number,
): Promise<TCreditSettings> {
  await teamAccess(deps.db, user, teamId, "member");
  return toCredit(deps, await repo.getCredit(deps.db, teamId));
}

export async function updateCredit(
  deps: TeamsDeps,
  user: SessionUser,
  teamId: number,
  input: z.output<typeof ZUpdateCreditRequest>,
): Promise<TCreditSettings> {
  let removed: string[] = [];
  const result = await inTeamTx(deps, user, teamId, "manage", async (tx) => {
    const { version, ...current } = await repo.getCredit(tx, teamId);
    checkVersion(version, input.version);
    // Pages only come from the upload route: the body reorders or drops the current ones.
    input.pages.forEach((key, i) => {
      if (!current.pages.includes(key)) throw fieldError(["pages", i], "validation.invalid");
    });
    const next: repo.CreditRow = { enabled: input.enabled, text: input.text, pages: input.pages };
    const diff = changedFields(current, next);
    let saved = version;
    if (diff) {
      saved = await repo.saveCredit(tx, teamId, next);
      await teamAudit(tx, user, teamId, { entity: "credit", entityId: teamId, action: "update", ...diff });
    }
    removed = current.pages.filter((key) => !next.pages.includes(key));
    if (removed.length) await repo.saveCreditPageHashes(tx, teamId, {}, removed);
    return toCredit(deps, { ...next, version: saved });
  });
  await deleteObjects(deps, removed);
  return result;
}

/** Team images: the cover and logo, the donate QR code, the credit pages. */
export type TeamUploadTarget = TeamImageKind | "qr" | "credit";

/**
 * Who may upload credit pages (managers and above) and how many it takes now: the pages still free
 * (none free: 422 validation.tooManyFiles). The upload and its presign.
 */
function creditAccess(deps: TeamsDeps, user: SessionUser, teamId: number) {
  return {
    authorize: async () => {
      await teamAccess(deps.db, user, teamId, "manage");
      const room = CREDIT_MAX_PAGES - (await repo.getCredit(deps.db, teamId)).pages.length;
      if (room <= 0) throw tooManyFiles(CREDIT_MAX_PAGES);
      return room;
    },
    limits: (room: number) => ({ ...TEAM_IMAGE_LIMITS, maxFiles: room }),
  } satisfies UploadAccess<unknown, number>;
}

/** `POST /teams/:id/credit/pages/presign`: authorized as `uploadCreditPages`, one signed PUT per page. */
export function presignCreditPages(
  deps: TeamsDeps,
  user: SessionUser,
  teamId: number,
  tickets: TicketRequest<unknown>,
) {
  return presignImageUpload(tickets, creditAccess(deps, user, teamId));
}

/**
 * Credit pages appended (sorted by file name), through the one upload flow (lib/upload-flow.ts): at
 * most the pages still free are read.
 */
export function uploadCreditPages(
  deps: TeamsDeps,
  user: SessionUser,
  teamId: number,
  reader: ImageReader<unknown>,
): Promise<TCreditSettings> {
  return runImageUpload(deps, reader, {
    ...creditAccess(deps, user, teamId),
    store: (image) => storeTeamImage(deps, image, "_credit"),
    record: async (stored) => {
      const sorted = [...stored].sort((a, b) => naturalCompare(a.image.filename, b.image.filename));
      const keys = sorted.map((s) => s.key);
      // Fingerprinted for the page checks' "credit page inside the chapter" (docs/page-checks.md).
      const hashes: Record<string, string> = {};
      for (const s of sorted)
        hashes[s.key] = (await decodeSlots.run(() => fingerprintImage(s.image.bytes))).dhash;
      return inTeamTx(deps, user, teamId, "manage", async (tx) => {
        const { version: _, ...current } = await repo.getCredit(tx, teamId);
        if (current.pages.length + keys.length > CREDIT_MAX_PAGES) throw tooManyFiles(CREDIT_MAX_PAGES);
        const next = { ...current, pages: [...current.pages, ...keys] };
        const version = await repo.saveCredit(tx, teamId, next);
        await repo.saveCreditPageHashes(tx, teamId, hashes);
        await teamAudit(tx, user, teamId, {
          entity: "credit",
          entityId: teamId,
          action: "upload_pages",
          before: { pages: current.pages },
          after: { pages: next.pages },
        });
        return toCredit(deps, { ...next, version });
      });
    },
  });
}
