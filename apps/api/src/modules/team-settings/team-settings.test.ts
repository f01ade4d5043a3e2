import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../../test/app";
import { call, createTeam, png, upload } from "../../../test/fixtures/api";
import { teamKit } from "../../../test/fixtures/teams";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { SITE_URL: "https://vuontruyen.example" } });
});
afterAll(() => t?.close());

const { lastAudit, world } = teamKit(() => t);

describe("donate and credit", () => {
  it("sets donate settings with a QR image, refuses a QR key that is not the team's, and removes the QR", async () => {
    const { owner, manager, teamId } = await world();
    const uploaded = await upload(t, manager, `/api/teams/${teamId}/donate/qr`, [
      { filename: "qr.png", bytes: await png(64, 64) },
    ]);
    expect(uploaded.statusCode).toBe(200);
    const qr = uploaded.json().qrImage as { key: string; url: string };
    expect(qr.key).toMatch(/^teams\/.+_qr\.png$/);
    expect(qr.url).toBe(t.storage.publicUrl(qr.key));

    const saved = await call(t, manager, "PUT", `/api/teams/${teamId}/donate`, {
      payload: { enabled: true, qrImage: qr.key, content: "Momo: 0123", showInEachChapter: true },
    });
    expect(saved.json()).toEqual({
      enabled: true,
      qrImage: qr,
      content: "Momo: 0123",
      showInEachChapter: true,
      // Uploading the QR code was the first change, this save the second.
      version: 3,
    });
    expect(await lastAudit(teamId)).toMatchObject({
      entity: "donate",
      action: "update",
      before: { enabled: false, content: "", showInEachChapter: false },
      after: { enabled: true, content: "Momo: 0123", showInEachChapter: true },
    });

    const other = await createTeam(t, owner);
    const otherQr = (
      await upload(t, owner, `/api/teams/${other}/donate/qr`, [
        { filename: "qr.png", bytes: await png(32, 32) },
      ])
    ).json().qrImage.key;
    const stolen = await call(t, manager, "PUT", `/api/teams/${teamId}/donate`, {
      payload: { enabled: true, qrImage: otherQr, content: "x", showInEachChapter: true },
      headers: { "x-custom-lang": "en" },
    });
    expect(stolen.statusCode).toBe(422);
    expect(stolen.json().errors).toEqual(["QR code: Invalid value"]);

    const removed = await call(t, manager, "PUT", `/api/teams/${teamId}/donate`, {
      payload: { enabled: false, qrImage: null, content: "", showInEachChapter: false },
    });
    expect(removed.json().qrImage).toBeNull();
    expect(await t.storage.exists(qr.key)).toBe(false);
    expect(await t.storage.exists(otherQr)).toBe(true);
  });

  it("appends credit pages (`teams/` keys with `_credit`, sorted by name), reorders and drops them", async () => {
    const { manager, uploader, teamId } = await world();
    const res = await upload(t, manager, `/api/teams/${teamId}/credit/pages`, [
      { field: "files", filename: "credit-10.png", bytes: await png(10, 10) },
      { field: "files", filename: "credit-2.png", bytes: await png(20, 20) },
    ]);
    expect(res.statusCode).toBe(200);
    const pages = res.json().pages as { key: string }[];
    expect(pages).toHaveLength(2);
    for (const p of pages) expect(p.key).toMatch(/^teams\/\d{4}\/\d{2}\/[A-Za-z0-9_-]+_credit\.png$/);
    // credit-2 (20 px) before credit-10 (10 px).
    expect(await sharp((await t.storage.get(pages[0]!.key))!).metadata()).toMatchObject({ width: 20 });

    const [a, b] = pages.map((p) => p.key);
    const reordered = await call(t, manager, "PUT", `/api/teams/${teamId}/credit`, {
      payload: { enabled: true, text: "Dịch bởi Vườn", pages: [b, a] },
    });
    expect(reordered.json()).toMatchObject({
      enabled: true,
      text: "Dịch bởi Vườn",
      pages: [{ key: b }, { key: a }],
    });
    expect(
      (await call(t, uploader, "GET", `/api/teams/${teamId}/credit`))
        .json()
        .pages.map((p: { key: string }) => p.key),
    ).toEqual([b, a]);

    const unknown = await call(t, manager, "PUT", `/api/teams/${teamId}/credit`, {
      payload: { enabled: true, pages: [b, "teams/2020/01/foreign_credit.png"] },
      headers: { "x-custom-lang": "en" },
    });
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json().errors).toEqual(["Pages: Invalid value"]);

    const dropped = await call(t, manager, "PUT", `/api/teams/${teamId}/credit`, {
      payload: { enabled: true, pages: [a] },
    });
    expect(dropped.json().pages).toEqual([{ key: a, url: t.storage.publicUrl(a!) }]);
    expect(await t.storage.exists(b!)).toBe(false);
    expect(await lastAudit(teamId)).toMatchObject({
      entity: "credit",
      action: "update",
      before: { pages: [b, a] },
      after: { pages: [a] },
    });
  });

  it("replacing the logo removes the previous file after the change", async () => {
    const { owner, teamId } = await world();
    const first = (
      await upload(t, owner, `/api/teams/${teamId}/logo`, [{ filename: "a.png", bytes: await png() }])
    ).json().logo.key;
    const second = (
      await upload(t, owner, `/api/teams/${teamId}/logo`, [{ filename: "b.png", bytes: await png(9, 9) }])
    ).json().logo.key;
    expect(first).not.toBe(second);
    expect(await t.storage.exists(first)).toBe(false);
    expect(await t.storage.exists(second)).toBe(true);
    expect(await lastAudit(teamId)).toMatchObject({
      action: "upload_logo",
      before: { logo: first },
      after: { logo: second },
    });
  });
});
