import { act, renderHook } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { fieldOf } from "@/lib/version-conflict";
import { type SaveConflictOptions, useSaveConflict } from "./use-save-conflict";

type Rec = { version: number; name: string; pages: number };
const fields = [fieldOf<Rec, "name">("name", "Tên chương")];
const v1: Rec = { version: 1, name: "Mở đầu", pages: 3 };

/** The hook on a form whose `dirty` and server copy the test moves; `reset` records what the form got. */
function setup(initial: { server: Rec; dirty?: boolean }) {
  const reset = vi.fn<(record: Rec, keepDirty: boolean) => void>();
  const options = (server: Rec, dirty: boolean): SaveConflictOptions<Rec> => ({
    server,
    subject: "Chương 3",
    fields,
    dirty,
    reset,
    fetchLatest: async () => server,
  });
  const hook = renderHook(
    (props: { server: Rec; dirty: boolean }) => useSaveConflict(options(props.server, props.dirty)),
    {
      initialProps: { server: initial.server, dirty: initial.dirty ?? false },
    },
  );
  reset.mockClear();
  const serve = (server: Rec, dirty = false) => act(() => hook.rerender({ server, dirty }));
  return { hook, reset, serve };
}

describe("useSaveConflict: a newer server copy and the form", () => {
  it("an untouched form takes a newer copy, silently", () => {
    const { hook, reset, serve } = setup({ server: v1 });
    const v2 = { ...v1, version: 2, name: "Tên mới" };
    serve(v2);
    expect(reset).toHaveBeenCalledExactlyOnceWith(v2, false);
    expect(hook.result.current.dialog.open).toBe(false);
    expect(hook.result.current.version()).toBe(2);
  });

  it("an untouched form takes a same-version copy whose content changed (pages staged on a draft)", () => {
    const { hook, reset, serve } = setup({ server: v1 });
    const staged = { ...v1, pages: 5 };
    serve(staged);
    expect(reset).toHaveBeenCalledExactlyOnceWith(staged, false);
    expect(hook.result.current.dialog.open).toBe(false);
  });

  it("a touched form is told what changed and keeps the user's values (not overwritten)", () => {
    const { hook, reset, serve } = setup({ server: v1 });
    const v2 = { ...v1, version: 2, name: "Tên của người khác" };
    serve(v2, true);
    expect(reset).not.toHaveBeenCalled();
    const { dialog } = hook.result.current;
    expect(dialog).toMatchObject({ open: true, mode: "changed", subject: "Chương 3" });
    expect(dialog.changes).toHaveLength(1);
    expect(dialog.changes[0]).toMatchObject({ label: "Tên chương" });
    // A save still sends the version the form was based on, until the user chooses.
    expect(hook.result.current.version()).toBe(1);

    // "Keep my changes": the form is now based on version 2 and keeps what the user typed.
    act(() => dialog.onOverwrite());
    expect(reset).toHaveBeenCalledExactlyOnceWith(v2, true);
    expect(hook.result.current.version()).toBe(2);
    expect(hook.result.current.dialog.open).toBe(false);
  });

  it("an equal copy is ignored, touched or not, and so is an older one", () => {
    const { hook, reset, serve } = setup({ server: v1 });
    serve({ ...v1 }); // a refetch with the same record (a new object)
    serve({ ...v1 }, true);
    serve({ ...v1, pages: 9 }, true); // same version while the user edits: theirs stays
    serve({ ...v1, version: 0, name: "Cũ" }); // an older copy arriving late
    expect(reset).not.toHaveBeenCalled();
    expect(hook.result.current.dialog.open).toBe(false);
    expect(hook.result.current.version()).toBe(1);
  });
});
