/**
 * The admin page's "Page fingerprints" card (docs/jobs.md, "Page fingerprints"): a platform admin
 * sees the backfill's progress, runs it now, and sees the run finish (the card follows the job's
 * state: waiting, running, then finished).
 */
import { expect, test } from "@playwright/test";
import { signUpAdmin } from "./support/fixtures";

test("an admin runs the page fingerprint backfill from the admin page and sees it finish", async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(180_000);
  const { context, page } = await signUpAdmin(browser, baseURL!);
  const status = async () =>
    (await (await context.request.get("/api/admin/page-fingerprints")).json()) as {
      total: number;
      fingerprinted: number;
      lastFinishedAt: string | null;
    };
  const before = await status();

  // The queue tab is the admin page's first tab: the card is there.
  const card = page.getByTestId("fingerprint-card");
  await expect(card.getByText("Dấu vân trang", { exact: true })).toBeVisible();
  const state = card.locator("p[data-state]");
  await expect(state).toBeVisible();
  const run = card.getByRole("button", { name: "Chạy ngay" });
  await expect(run).toBeEnabled();
  await run.click();

  // The job runs in the server's worker: the card shows it waiting or running, then finished.
  await expect
    .poll(async () => (await status()).lastFinishedAt, { timeout: 120_000 })
    .not.toBe(before.lastFinishedAt);
  await expect(state).toHaveAttribute("data-state", "completed", { timeout: 30_000 });
  await expect(state).toContainText("Lần chạy gần nhất xong lúc");
  const after = await status();
  expect(after.fingerprinted).toBe(after.total);
  await expect(card.getByText(`Đã lấy dấu vân ${after.fingerprinted} / ${after.total} trang`)).toBeVisible();
  await expect(run).toBeEnabled();
  await context.close();
});
