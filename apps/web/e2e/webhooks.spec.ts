/**
 * Team webhooks (docs/webhooks.md) in Chromium against the real server: a manager adds a hook
 * pointing at a receiver this spec starts on 127.0.0.1 (the e2e server sets
 * WEBHOOK_ALLOW_PRIVATE), sees its secret once, sends a test event and reads it in the delivery log
 * as delivered; the receiver got a request signed with that secret.
 */
import { createHmac } from "node:crypto";
import { createServer, type IncomingHttpHeaders } from "node:http";
import type { AddressInfo } from "node:net";
import { expect, test } from "@playwright/test";
import { signUp, unique } from "./support/fixtures";

test("a manager adds a webhook, copies its secret once, sends a test event and sees it delivered, signed", async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const got: { headers: IncomingHttpHeaders; body: string }[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      got.push({ headers: req.headers, body: Buffer.concat(chunks).toString("utf8") });
      res.writeHead(200, { "content-type": "text/plain" });
      res.end("đã nhận");
    });
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  const receiverUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/vuon-truyen`;
  try {
    const { context, page } = await signUp(browser, baseURL!, "Lan Anh", "/teams");
    await expect(page.getByRole("heading", { name: "Nhóm", exact: true })).toBeVisible({ timeout: 30_000 });
    const team = await context.request.post("/api/teams", {
      headers: { "x-app-origin": baseURL! },
      data: { name: `Nhóm Lan Anh ${unique()}` },
    });
    expect(team.ok(), await team.text()).toBe(true);
    const teamId = (await team.json()).id as number;

    await page.goto(`/teams/${teamId}`);
    await page
      .getByRole("navigation", { name: "Các mục của nhóm" })
      .getByRole("link", { name: "Webhook" })
      .click();
    await expect(page).toHaveURL(new RegExp(`/teams/${teamId}/webhooks$`));
    await expect(page.getByText("Chưa có webhook")).toBeVisible({ timeout: 30_000 });

    await page.getByRole("button", { name: "Thêm webhook" }).click();
    const dialog = page.getByRole("dialog");
    await dialog.getByLabel("Địa chỉ nhận (URL)").fill(receiverUrl);
    await expect(dialog.getByRole("checkbox", { name: "Chương được đăng" })).toBeChecked();
    await dialog.getByRole("checkbox", { name: "Thành viên tham gia nhóm" }).check();
    await dialog.getByRole("button", { name: "Thêm webhook" }).click();

    // The secret, shown this once.
    const secretDialog = page.getByRole("dialog", { name: "Khóa bí mật của webhook" });
    const secret = await secretDialog.getByLabel("Khóa bí mật").inputValue();
    expect(secret).toMatch(/^whsec_/);
    await secretDialog.getByRole("button", { name: "Tôi đã lưu khóa" }).click();
    await expect(secretDialog).toBeHidden();
    await expect(page.getByText(secret)).toHaveCount(0);

    const card = page.getByRole("listitem", { name: "127.0.0.1" });
    await expect(card.getByText(receiverUrl)).toBeVisible();
    await expect(card.getByText("Đang hoạt động")).toBeVisible();
    await expect(card.getByText("Chương được đăng, Thành viên tham gia nhóm")).toBeVisible();

    await card.getByRole("button", { name: "Gửi sự kiện thử" }).click();
    const row = card.locator("tr[data-delivery-id]");
    await expect(row).toHaveCount(1, { timeout: 30_000 });
    await expect(row.getByText("Đã gửi")).toBeVisible({ timeout: 60_000 });
    await expect(row.getByText("Sự kiện thử")).toBeVisible();
    await expect(row.getByText("200", { exact: true })).toBeVisible();
    await expect(row.getByText("đã nhận")).toBeVisible();

    // The receiver got one request, signed with the secret shown above.
    expect(got).toHaveLength(1);
    const [request] = got;
    const timestamp = request!.headers["x-webhook-timestamp"] as string;
    const expected = createHmac("sha256", secret).update(`${timestamp}.${request!.body}`).digest("hex");
    expect(request!.headers["x-webhook-signature"]).toBe(`v1=${expected}`);
    expect(request!.headers["x-webhook-event"]).toBe("test");
    expect(JSON.parse(request!.body)).toMatchObject({ type: "test", data: { team: { id: teamId } } });
    await context.close();
  } finally {
    await new Promise<void>((r) => server.close(() => r()));
  }
});
