import { fireEvent, render, screen } from "@testing-library/react";
import { useState } from "react";
import { describe, expect, it, vi } from "vitest";
import "@/lib/i18n";
import { Button } from "@/components/ui/button";
import { DialogActions, DialogShell } from "./dialog-shell";

function Harness({ onSend, pending = false }: { onSend: () => void; pending?: boolean }) {
  const [open, setOpen] = useState(false);
  return (
    <DialogShell
      open={open}
      onOpenChange={setOpen}
      trigger={<Button>Mở</Button>}
      title="Tiêu đề"
      description="Mô tả"
      onSubmit={(event) => {
        event.preventDefault();
        onSend();
      }}
      footer={<DialogActions onCancel={() => setOpen(false)} pending={pending} label="Gửi" />}
    >
      <input aria-label="Tên" />
    </DialogShell>
  );
}

describe("DialogShell", () => {
  it("opens from its trigger with title, description, body and footer; the main button submits the form", () => {
    const onSend = vi.fn();
    render(<Harness onSend={onSend} />);
    fireEvent.click(screen.getByRole("button", { name: "Mở" }));
    const dialog = screen.getByRole("dialog", { name: "Tiêu đề" });
    expect(dialog.textContent).toContain("Mô tả");
    expect(screen.getByRole("textbox", { name: "Tên" })).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Gửi" }));
    expect(onSend).toHaveBeenCalledTimes(1);
  });

  it("Cancel closes without submitting", () => {
    const onSend = vi.fn();
    render(<Harness onSend={onSend} />);
    fireEvent.click(screen.getByRole("button", { name: "Mở" }));
    fireEvent.click(screen.getByRole("button", { name: /hủy/i }));
    expect(screen.queryByRole("dialog")).toBeNull();
    expect(onSend).not.toHaveBeenCalled();
  });

  it("while pending the main button is disabled", () => {
    render(<Harness onSend={vi.fn()} pending />);
    fireEvent.click(screen.getByRole("button", { name: "Mở" }));
    expect((screen.getByRole("button", { name: "Gửi" }) as HTMLButtonElement).disabled).toBe(true);
  });

  it("without onSubmit there is no form and onConfirm runs on click", () => {
    const onConfirm = vi.fn();
    render(
      <DialogShell
        open
        onOpenChange={() => undefined}
        title="Xong"
        footer={<DialogActions label="Áp dụng" onConfirm={onConfirm} />}
      />,
    );
    expect(document.querySelector("form")).toBeNull();
    fireEvent.click(screen.getByRole("button", { name: "Áp dụng" }));
    expect(onConfirm).toHaveBeenCalledTimes(1);
  });
});
