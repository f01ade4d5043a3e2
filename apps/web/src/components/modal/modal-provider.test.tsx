import { act, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { beforeAll, describe, expect, it, vi } from "vitest";
import "@/lib/i18n";
import type { ModalApi } from "./modal-context";
import { ModalProvider } from "./modal-provider";
import { useModal } from "./use-modal";

const ref: { modal?: ModalApi } = {};

function Capture() {
  ref.modal = useModal();
  return null;
}

function renderWithModal(): ModalApi {
  delete ref.modal;
  render(
    <ModalProvider>
      <Capture />
    </ModalProvider>,
  );
  const modal = ref.modal as ModalApi | undefined;
  if (!modal) throw new Error("modal api not captured");
  return modal;
}

describe("ModalProvider", () => {
  // The dialog is a lazy chunk (modal-provider.tsx). Loaded here once, before any test, so a test
  // waits for the dialog's state, not for the chunk to be transformed: on a busy machine that load
  // alone outlasted findByRole's wait.
  beforeAll(() => import("./modal-dialog"));

  it("confirm shows Cancel and Confirm; Confirm runs onConfirm and clears the modal", async () => {
    const modal = renderWithModal();
    const onConfirm = vi.fn();
    const onCancel = vi.fn();
    let result: Promise<boolean> | undefined;
    act(() => {
      result = modal.confirm({
        title: "Xóa truyện?",
        description: "Không thể hoàn tác.",
        onConfirm,
        onCancel,
      });
    });
    expect(await screen.findByRole("alertdialog")).toBeTruthy();
    expect(screen.getByText("Xóa truyện?")).toBeTruthy();
    expect(screen.getByText("Không thể hoàn tác.")).toBeTruthy();
    expect(screen.getByRole("button", { name: "Hủy" })).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Xác nhận" }));
    await expect(result).resolves.toBe(true);
    expect(onConfirm).toHaveBeenCalledOnce();
    expect(onCancel).not.toHaveBeenCalled();
    await waitFor(() => expect(screen.queryByRole("alertdialog")).toBeNull());
  });

  it("confirm's Cancel runs onCancel, resolves false and clears the modal", async () => {
    const modal = renderWithModal();
    const onConfirm = vi.fn();
    const onCancel = vi.fn();
    let result: Promise<boolean> | undefined;
    act(() => {
      result = modal.confirm({ title: "Cập nhật truyện?", onConfirm, onCancel });
    });
    fireEvent.click(await screen.findByRole("button", { name: "Hủy" }));
    await expect(result).resolves.toBe(false);
    expect(onCancel).toHaveBeenCalledOnce();
    expect(onConfirm).not.toHaveBeenCalled();
    await waitFor(() => expect(screen.queryByRole("alertdialog")).toBeNull());
  });

  it("confirm stays open while onConfirm runs and after it fails", async () => {
    const modal = renderWithModal();
    let fail: (error: Error) => void = () => {};
    const onConfirm = vi.fn(() => new Promise<void>((_, reject) => (fail = reject)));
    act(() => {
      void modal.confirm({ title: "Xóa chương?", onConfirm });
    });
    const confirm = await screen.findByRole("button", { name: "Xác nhận" });
    fireEvent.click(confirm);
    await waitFor(() => expect(confirm.hasAttribute("disabled")).toBe(true));
    await act(async () => fail(new Error("Conflict")));
    await waitFor(() => expect(confirm.hasAttribute("disabled")).toBe(false));
    expect(screen.getByRole("alertdialog")).toBeTruthy();
  });

  it("success shows one Confirm button that runs onSuccess and clears the modal", async () => {
    const modal = renderWithModal();
    const onSuccess = vi.fn();
    let result: Promise<void> | undefined;
    act(() => {
      result = modal.success({
        title: "Đã tạo truyện",
        description: "Truyện đã được thêm vào vườn.",
        onSuccess,
      });
    });
    await screen.findByRole("alertdialog");
    expect(screen.getAllByRole("button").map((button) => button.textContent)).toEqual(["Xác nhận"]);
    fireEvent.click(screen.getByRole("button", { name: "Xác nhận" }));
    await result;
    expect(onSuccess).toHaveBeenCalledOnce();
    await waitFor(() => expect(screen.queryByRole("alertdialog")).toBeNull());
  });

  it("success does not repeat the title as its description", async () => {
    const modal = renderWithModal();
    act(() => {
      void modal.success({ title: "Đã gửi yêu cầu gộp", description: "Đã gửi yêu cầu gộp." });
    });
    await screen.findByRole("alertdialog", undefined, { timeout: 15_000 });
    const visible = screen
      .getAllByText(/^Đã gửi yêu cầu gộp\.?$/)
      .filter((element) => !element.classList.contains("sr-only"));
    expect(visible).toHaveLength(1);
  });

  it("Escape closes a confirm as a cancel", async () => {
    const modal = renderWithModal();
    const onCancel = vi.fn();
    let result: Promise<boolean> | undefined;
    act(() => {
      result = modal.confirm({ title: "Gộp truyện?", onCancel });
    });
    const dialog = await screen.findByRole("alertdialog");
    fireEvent.keyDown(dialog, { key: "Escape" });
    await expect(result).resolves.toBe(false);
    expect(onCancel).toHaveBeenCalledOnce();
  });
});
