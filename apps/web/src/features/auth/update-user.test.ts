import { beforeEach, describe, expect, it, vi } from "vitest";
import { ApiError } from "@/lib/api-error";
import { authStore } from "./auth-store";
import { submitUserUpdate } from "./update-user";

const toast = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn() }));
vi.mock("@/lib/toast", () => ({ toast }));

const signedIn = { id: 7, email: "lan@vuon.vn", name: "Lan", avatar: null, role: "user" };

/** A fetcher that records whether the handling flag was set while it ran. */
function fetcher(outcome: () => Promise<unknown>) {
  const seen: { handling?: boolean; args?: unknown[] } = {};
  const fn = vi.fn(async (...args: unknown[]) => {
    seen.handling = authStore.getState().handling;
    seen.args = args;
    return outcome();
  });
  return { fn, seen };
}

beforeEach(() => {
  toast.success.mockReset();
  toast.error.mockReset();
  authStore.setUser({ ...signedIn });
  authStore.setHandling(false);
});

describe("update user", () => {
  it("merges the submitted fields into the user and shows the success toast after a profile update", async () => {
    const { fn, seen } = fetcher(async () => ({ ...signedIn, name: "Lan Anh" }));
    const ok = await submitUserUpdate(
      { name: "Lan Anh", avatar: "https://cdn.example/a.png" },
      { fetcher: fn, profile: true },
    );

    expect(ok).toBe(true);
    expect(seen.args).toEqual([7, { name: "Lan Anh", avatar: "https://cdn.example/a.png" }]);
    expect(seen.handling).toBe(true);
    expect(authStore.getState()).toEqual({
      user: { ...signedIn, name: "Lan Anh", avatar: "https://cdn.example/a.png" },
      handling: false,
    });
    expect(toast.success).toHaveBeenCalledExactlyOnceWith("Cập nhật thành công");
    expect(toast.error).not.toHaveBeenCalled();
  });

  it("shows 'update failed' and keeps the user unchanged when the result is falsy", async () => {
    const { fn, seen } = fetcher(async () => null);
    const ok = await submitUserUpdate({ name: "Lan Anh" }, { fetcher: fn, profile: true });

    expect(ok).toBe(false);
    expect(seen.handling).toBe(true);
    expect(authStore.getState()).toEqual({ user: signedIn, handling: false });
    expect(toast.error).toHaveBeenCalledExactlyOnceWith("Cập nhật thất bại");
    expect(toast.success).not.toHaveBeenCalled();
  });

  it("shows the thrown error's message and keeps the user unchanged", async () => {
    const { fn, seen } = fetcher(async () => {
      throw new ApiError("server", "Ổ đĩa đầy", { status: 507, fromServer: true });
    });
    const ok = await submitUserUpdate({ name: "Lan Anh" }, { fetcher: fn, profile: true });

    expect(ok).toBe(false);
    expect(seen.handling).toBe(true);
    expect(authStore.getState()).toEqual({ user: signedIn, handling: false });
    expect(toast.error).toHaveBeenCalledExactlyOnceWith("Ổ đĩa đầy");
    expect(toast.success).not.toHaveBeenCalled();
  });

  it("describes a failure without words of our server by its kind, never a library's English", async () => {
    const { fn } = fetcher(async () => {
      throw new TypeError("Cannot read properties of undefined (reading 'id')");
    });
    expect(await submitUserUpdate({ name: "Lan Anh" }, { fetcher: fn, profile: true })).toBe(false);
    expect(toast.error).toHaveBeenCalledExactlyOnceWith("Lỗi không xác định");
  });

  it("shows the server's message of a refused call (e.g. 422 naming the field)", async () => {
    const refusal = new ApiError("rejected", "Tên không được vượt quá 100 ký tự", {
      status: 422,
      fromServer: true,
    });
    const { fn } = fetcher(async () => {
      throw refusal;
    });
    const ok = await submitUserUpdate({ name: "x".repeat(101) }, { fetcher: fn, profile: true });

    expect(ok).toBe(false);
    expect(authStore.getState().handling).toBe(false);
    expect(toast.error).toHaveBeenCalledExactlyOnceWith("Tên không được vượt quá 100 ký tự");
  });

  it("an update that is not a profile update ends without the success toast", async () => {
    const { fn } = fetcher(async () => ({ ...signedIn, name: "Lan Anh" }));
    expect(await submitUserUpdate({ name: "Lan Anh" }, { fetcher: fn })).toBe(true);
    expect(authStore.getState().user?.name).toBe("Lan Anh");
    expect(toast.success).not.toHaveBeenCalled();
  });

  it("says 'User not found' and calls nothing when nobody is signed in", async () => {
    authStore.setUser(undefined);
    const { fn } = fetcher(async () => ({}));
    expect(await submitUserUpdate({ name: "Lan" }, { fetcher: fn, profile: true })).toBe(false);
    expect(fn).not.toHaveBeenCalled();
    expect(toast.error).toHaveBeenCalledExactlyOnceWith("Không tìm thấy người dùng");
    expect(authStore.getState().handling).toBe(false);
  });
});
