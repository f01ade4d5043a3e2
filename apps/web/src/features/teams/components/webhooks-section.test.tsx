import "@/features/teams/texts";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import type { TTeam } from "@vt/shared/contracts/teams";
import type { TWebhook, TWebhookDelivery } from "@vt/shared/contracts/webhooks";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { ModalProvider } from "@/components/modal/modal-provider";
import { WebhooksSection } from "./webhooks-section";

const get = vi.fn();
const post = vi.fn();
const put = vi.fn();
const del = vi.fn();
vi.mock("@/lib/api-client", () => ({
  api: {
    get: (...args: unknown[]) => get(...args),
    post: (...args: unknown[]) => post(...args),
    put: (...args: unknown[]) => put(...args),
    delete: (...args: unknown[]) => del(...args),
  },
}));

const team = (manage: boolean) =>
  ({ id: 7, name: "Nhóm Hoa Mai", can: { manage, own: false } }) as unknown as TTeam;

const hook = (over: Partial<TWebhook> = {}): TWebhook => ({
  id: 3,
  url: "https://hooks.example/nhan",
  events: ["chapter.published"],
  format: "json",
  linkTemplate: "",
  paused: false,
  consecutiveFailures: 0,
  version: 2,
  createdAt: "2026-11-28T10:00:00.000Z",
  ...over,
});

const delivery = (id: number, over: Partial<TWebhookDelivery> = {}): TWebhookDelivery => ({
  id,
  eventId: `e-${id}`,
  event: "test",
  status: "delivered",
  attempts: 1,
  responseCode: 200,
  responseExcerpt: "ok",
  createdAt: "2026-11-28T10:00:00.000Z",
  lastAttemptAt: "2026-11-28T10:00:01.000Z",
  nextAttemptAt: null,
  ...over,
});

/** Answers GETs by path: the hooks list, and each hook's log. */
function serve(hooks: TWebhook[] | Error, deliveries: TWebhookDelivery[] = []) {
  get.mockImplementation(async (path: string) => {
    if (path.endsWith("/deliveries")) return { items: deliveries };
    if (hooks instanceof Error) throw hooks;
    return { items: hooks };
  });
}

function renderSection(manage = true) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <ModalProvider>
        <WebhooksSection team={team(manage)} />
      </ModalProvider>
    </QueryClientProvider>,
  );
}

// jsdom has no ResizeObserver; the checkboxes (Radix) measure themselves with one.
globalThis.ResizeObserver ??= class {
  observe() {}
  unobserve() {}
  disconnect() {}
};

beforeEach(() => {
  for (const fn of [get, post, put, del]) fn.mockReset();
});

// Generous: the states are awaited, and a shared machine may be slow to render them.
describe("WebhooksSection", { timeout: 30_000 }, () => {
  it("tells a member that only managers and owners see webhooks, and asks the API nothing", () => {
    renderSection(false);
    expect(screen.getByText(/Chỉ quản lý và trưởng nhóm/)).toBeTruthy();
    expect(get).not.toHaveBeenCalled();
  });

  it("adds a webhook and shows its secret once, then never again", async () => {
    serve([]);
    post.mockResolvedValue({ ...hook(), secret: "whsec_bi_mat" });
    renderSection();
    expect(await screen.findByText("Chưa có webhook", undefined, { timeout: 15_000 })).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Thêm webhook" }));
    const dialog = await screen.findByRole("dialog");
    fireEvent.click(within(dialog).getByRole("button", { name: "Thêm webhook" }));
    expect(await within(dialog).findByText("Địa chỉ nhận (URL) là bắt buộc")).toBeTruthy();
    expect(post).not.toHaveBeenCalled();

    fireEvent.change(within(dialog).getByLabelText("Địa chỉ nhận (URL)"), {
      target: { value: " https://hooks.example/nhan " },
    });
    fireEvent.click(within(dialog).getByRole("checkbox", { name: "Thành viên rời nhóm" }));
    fireEvent.click(within(dialog).getByRole("button", { name: "Thêm webhook" }));
    await waitFor(() => expect(post).toHaveBeenCalled());
    expect(post.mock.calls[0]![1]).toEqual({
      url: "https://hooks.example/nhan",
      events: ["chapter.published", "member.left"],
      format: "json",
      linkTemplate: "",
    });
    const secret = await screen.findByLabelText("Khóa bí mật", undefined, { timeout: 15_000 });
    expect((secret as HTMLInputElement).value).toBe("whsec_bi_mat");
    fireEvent.click(screen.getByRole("button", { name: "Tôi đã lưu khóa" }));
    await waitFor(() => expect(screen.queryByLabelText("Khóa bí mật")).toBeNull());
    expect(document.body.textContent).not.toContain("whsec_bi_mat");
  });

  it("shows a paused hook, resumes it with its version, and re-sends a failed delivery from the log", async () => {
    serve(
      [hook({ paused: true, consecutiveFailures: 5 })],
      [
        delivery(11, { status: "failed", attempts: 5, responseCode: 503, responseExcerpt: "bận" }),
        delivery(10),
      ],
    );
    put.mockResolvedValue(hook());
    post.mockResolvedValue(delivery(11, { status: "pending", attempts: 0 }));
    renderSection();
    const card = await screen.findByRole("listitem", { name: "hooks.example" }, { timeout: 15_000 });
    expect(within(card).getByText("Đã tạm dừng")).toBeTruthy();
    expect(within(card).getByText(/tạm dừng sau 5 lần gửi thất bại/)).toBeTruthy();
    fireEvent.click(within(card).getByRole("button", { name: "Tiếp tục gửi" }));
    await waitFor(() => expect(put).toHaveBeenCalled());
    expect(put.mock.calls[0]![1]).toMatchObject({
      version: 2,
      paused: false,
      url: "https://hooks.example/nhan",
    });

    fireEvent.click(within(card).getByRole("button", { name: "Nhật ký gửi" }));
    const failed = await within(card).findByText("Thất bại", undefined, { timeout: 15_000 });
    const row = failed.closest("tr")!;
    expect(within(row).getByText("503")).toBeTruthy();
    expect(within(row).getByText("bận")).toBeTruthy();
    // Only the failed delivery offers a re-send.
    expect(within(card).getAllByRole("button", { name: "Gửi lại" })).toHaveLength(1);
    fireEvent.click(within(row).getByRole("button", { name: "Gửi lại" }));
    await waitFor(() => expect(post).toHaveBeenCalled());
    expect(post.mock.calls[0]![0]).toBe(
      "/api/teams/{teamId}/webhooks/{hookId}/deliveries/{deliveryId}/resend",
    );
    expect(post.mock.calls[0]![2]).toEqual({ params: { path: { teamId: 7, hookId: 3, deliveryId: 11 } } });
  });

  it("a hook paused by hand says it is paused, not '0 failed attempts'", async () => {
    serve([hook({ paused: true, consecutiveFailures: 0 })]);
    renderSection();
    const card = await screen.findByRole("listitem", { name: "hooks.example" }, { timeout: 15_000 });
    expect(within(card).getByText(/^Webhook đang tạm dừng:/)).toBeTruthy();
    expect(within(card).queryByText(/lần gửi thất bại/)).toBeNull();
  });

  it("pages a long delivery log, 20 rows a page", async () => {
    serve(
      [hook()],
      Array.from({ length: 45 }, (_, i) => delivery(100 - i)),
    );
    renderSection();
    const card = await screen.findByRole("listitem", { name: "hooks.example" }, { timeout: 15_000 });
    fireEvent.click(within(card).getByRole("button", { name: "Nhật ký gửi" }));
    expect(await within(card).findByText("Trang 1 / 3", undefined, { timeout: 15_000 })).toBeTruthy();
    expect(card.querySelectorAll("tr[data-delivery-id]")).toHaveLength(20);
    fireEvent.click(within(card).getByRole("button", { name: "Trang sau" }));
    await within(card).findByText("Trang 2 / 3");
    expect(card.querySelector('tr[data-delivery-id="80"]')).not.toBeNull();
  });

  it("shows a failed load as an error with Retry, never as an empty list", async () => {
    serve(new Error("mất mạng"));
    renderSection();
    expect(await screen.findByText("Không tải được dữ liệu", undefined, { timeout: 15_000 })).toBeTruthy();
    expect(screen.queryByText("Chưa có webhook")).toBeNull();
    expect(screen.getByRole("button", { name: "Thử lại" })).toBeTruthy();
  });
});
