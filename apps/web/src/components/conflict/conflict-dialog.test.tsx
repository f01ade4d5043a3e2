import { act, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { DEFAULT_LANG } from "@vt/shared/constants";
import { useState } from "react";
import { describe, expect, it, vi } from "vitest";
import { ApiError } from "@/lib/api-error";
import { addTexts } from "@/lib/i18n";
import { fieldOf } from "@/lib/version-conflict";
import { signedInVi } from "@/locales/resources-vi-signed-in";
// Loaded up front: the dialog loads it when it first opens (conflict-dialog.tsx).
import "./conflict-alert";
import { ConflictDialog } from "./conflict-dialog";
import { useSaveConflict, type VersionedWrite } from "./use-save-conflict";

addTexts(DEFAULT_LANG, signedInVi);

type Rec = { version: number; name: string; volume: number | null };
const fields = [fieldOf<Rec, "name">("name", "Tên chương"), fieldOf<Rec, "volume">("volume", "Tập")];
const conflict409 = () =>
  new ApiError("rejected", "Đã bị người khác thay đổi", { status: 409, code: "VERSION_CONFLICT" });

/** A one-field form on the hook, as every real form uses it. */
function Harness({
  server,
  latest,
  write,
  onSaved,
}: {
  server: Rec;
  latest: () => Promise<Rec>;
  write: (body: { name: string; version: number | undefined }) => Promise<Rec>;
  onSaved?: (r: Rec) => void;
}) {
  const [name, setName] = useState(server.name);
  const [dirty, setDirty] = useState(false);
  const conflict = useSaveConflict<Rec>({
    server,
    subject: "Chương 3",
    fields,
    dirty,
    reset: (r, keepDirty) => {
      if (!keepDirty) setName(r.name);
      setDirty(keepDirty && dirty);
    },
    fetchLatest: latest,
    onSaved,
  });
  const save: VersionedWrite<Rec> = (version) => write({ name, version });
  return (
    <>
      <input
        aria-label="name"
        value={name}
        onChange={(e) => {
          setName(e.target.value);
          setDirty(true);
        }}
      />
      <button type="button" onClick={() => void conflict.save(save)}>
        save
      </button>
      <ConflictDialog {...conflict.dialog} />
    </>
  );
}

const v1: Rec = { version: 1, name: "Mở đầu", volume: 2 };
const v2: Rec = { version: 2, name: "Mở đầu", volume: 5 };

describe("the conflict dialog and its guard", () => {
  it("a save based on an older version opens the dialog with what changed; overwrite re-saves with the new version", async () => {
    const write = vi
      .fn<(body: { name: string; version: number | undefined }) => Promise<Rec>>()
      .mockRejectedValueOnce(conflict409())
      .mockImplementationOnce(async (body) => ({ ...v2, name: body.name, version: 3 }));
    const onSaved = vi.fn();
    render(<Harness server={v1} latest={async () => v2} write={write} onSaved={onSaved} />);
    fireEvent.change(screen.getByLabelText("name"), { target: { value: "Của tôi" } });
    fireEvent.click(screen.getByText("save"));

    const dialog = await screen.findByTestId("conflict-dialog");
    expect(write).toHaveBeenNthCalledWith(1, { name: "Của tôi", version: 1 });
    expect(within(dialog).getByText("Đã có người lưu trước bạn")).toBeTruthy();
    expect(within(dialog).getByText(/Chương 3/)).toBeTruthy();
    const changes = within(dialog).getAllByTestId("conflict-change");
    expect(changes).toHaveLength(1);
    expect(changes[0]!.textContent).toContain("Tập");
    expect(changes[0]!.textContent).toContain("2");
    expect(changes[0]!.textContent).toContain("5");

    fireEvent.click(within(dialog).getByText("Ghi đè bằng bản của tôi"));
    await waitFor(() => expect(onSaved).toHaveBeenCalledWith({ ...v2, name: "Của tôi", version: 3 }));
    expect(write).toHaveBeenNthCalledWith(2, { name: "Của tôi", version: 2 });
    await waitFor(() => expect(screen.queryByTestId("conflict-dialog")).toBeNull());
  });

  it("reload takes the server's copy and saves nothing", async () => {
    const write = vi.fn().mockRejectedValueOnce(conflict409());
    render(<Harness server={v1} latest={async () => ({ ...v2, name: "Của thành viên" })} write={write} />);
    fireEvent.change(screen.getByLabelText("name"), { target: { value: "Của tôi" } });
    fireEvent.click(screen.getByText("save"));
    const dialog = await screen.findByTestId("conflict-dialog");
    expect(within(dialog).getAllByTestId("conflict-change")).toHaveLength(2);
    fireEvent.click(within(dialog).getByText("Tải lại bản mới nhất"));
    await waitFor(() => expect(screen.queryByTestId("conflict-dialog")).toBeNull());
    expect((screen.getByLabelText("name") as HTMLInputElement).value).toBe("Của thành viên");
    expect(write).toHaveBeenCalledTimes(1);
  });

  it("a fresher copy replaces an untouched form silently, and is announced over unsaved edits", async () => {
    const write = vi.fn();
    const view = render(<Harness server={v1} latest={async () => v2} write={write} />);
    const renamed = { ...v2, name: "Tên mới" };
    view.rerender(<Harness server={renamed} latest={async () => renamed} write={write} />);
    await waitFor(() => expect((screen.getByLabelText("name") as HTMLInputElement).value).toBe("Tên mới"));
    expect(screen.queryByTestId("conflict-dialog")).toBeNull();

    fireEvent.change(screen.getByLabelText("name"), { target: { value: "Đang gõ" } });
    const v3 = { ...renamed, version: 3, name: "Tên khác" };
    await act(async () => view.rerender(<Harness server={v3} latest={async () => v3} write={write} />));
    const dialog = await screen.findByTestId("conflict-dialog");
    expect(within(dialog).getByText("Dữ liệu vừa được cập nhật")).toBeTruthy();
    expect((screen.getByLabelText("name") as HTMLInputElement).value).toBe("Đang gõ");

    // Keeping my edits: the next save is based on version 3, knowingly.
    fireEvent.click(within(dialog).getByText("Giữ thay đổi của tôi"));
    write.mockResolvedValueOnce({ ...v3, name: "Đang gõ", version: 4 });
    fireEvent.click(screen.getByText("save"));
    await waitFor(() => expect(write).toHaveBeenCalledWith({ name: "Đang gõ", version: 3 }));
  });
});
