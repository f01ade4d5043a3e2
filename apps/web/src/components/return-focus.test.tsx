import { act, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { useState } from "react";
import { describe, expect, it } from "vitest";
import "@/lib/i18n";
import { DialogShell } from "./dialog-shell";
import { ModalProvider } from "./modal/modal-provider";
import { useModal } from "./modal/use-modal";

/** One rule for every dialog: closing it puts focus back on the button that opened it. */
describe("focus returns to the opener when a dialog closes", () => {
  it("a DialogShell opened by a button of the page (no trigger of its own), closed with Escape", async () => {
    function Page() {
      const [open, setOpen] = useState(false);
      return (
        <>
          <button type="button" onClick={() => setOpen(true)}>
            Hồ sơ
          </button>
          <DialogShell open={open} onOpenChange={setOpen} title="Hồ sơ của bạn">
            <input aria-label="Tên" />
          </DialogShell>
        </>
      );
    }
    render(<Page />);
    const opener = screen.getByRole("button", { name: "Hồ sơ" });
    opener.focus();
    fireEvent.click(opener);
    const dialog = await screen.findByRole("dialog");
    await waitFor(() => expect(dialog.contains(document.activeElement)).toBe(true));
    fireEvent.keyDown(document.activeElement!, { key: "Escape" });
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(document.activeElement).toBe(opener);
  });

  it("a confirmation (AlertShell through useModal), cancelled", async () => {
    function Page() {
      const modal = useModal();
      return (
        <button type="button" onClick={() => void modal.confirm({ title: "Xóa chương?" })}>
          Xóa
        </button>
      );
    }
    render(
      <ModalProvider>
        <Page />
      </ModalProvider>,
    );
    const opener = screen.getByRole("button", { name: "Xóa" });
    opener.focus();
    act(() => opener.click());
    await screen.findByRole("alertdialog");
    fireEvent.click(screen.getByRole("button", { name: "Hủy" }));
    await waitFor(() => expect(screen.queryByRole("alertdialog")).toBeNull());
    expect(document.activeElement).toBe(opener);
  });

  it("an opener inside a menu that closed: focus goes to the last thing focused outside it", async () => {
    function Page() {
      const [open, setOpen] = useState(false);
      const [menu, setMenu] = useState(false);
      return (
        <>
          <button type="button" onClick={() => setMenu(true)}>
            Tài khoản
          </button>
          {menu && (
            <div role="menu">
              <button
                type="button"
                role="menuitem"
                onClick={() => {
                  setMenu(false);
                  setOpen(true);
                }}
              >
                Hồ sơ
              </button>
            </div>
          )}
          <DialogShell open={open} onOpenChange={setOpen} title="Hồ sơ của bạn" />
        </>
      );
    }
    render(<Page />);
    const account = screen.getByRole("button", { name: "Tài khoản" });
    account.focus();
    fireEvent.click(account);
    const item = screen.getByRole("menuitem", { name: "Hồ sơ" });
    item.focus();
    fireEvent.click(item);
    await screen.findByRole("dialog");
    fireEvent.click(screen.getByRole("button", { name: "Đóng" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(document.activeElement).toBe(account);
  });
});
