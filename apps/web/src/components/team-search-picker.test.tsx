import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { fireEvent, render, screen, waitFor } from "@testing-library/react";
import { DEFAULT_LANG } from "@vt/shared/constants";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { addTexts } from "@/lib/i18n";
import { comicsVi } from "@/locales/vi/comics";
import { TeamSearchPicker } from "./team-search-picker";

const get = vi.fn();
vi.mock("@/lib/api-client", () => ({ api: { get: (...args: unknown[]) => get(...args) } }));

beforeAll(() => addTexts(DEFAULT_LANG, comicsVi));

function renderPicker(onPick = vi.fn()) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <TeamSearchPicker
        label="Tìm nhóm"
        excludeIds={[1]}
        onPick={onPick}
        addLabel={(team) => `Thêm ${team.name}`}
      />
    </QueryClientProvider>,
  );
  return onPick;
}

describe("TeamSearchPicker", () => {
  it("offers teams of the whole platform from the directory, never the ones already there", async () => {
    get.mockResolvedValue({
      teams: [
        { id: 1, name: "Nhóm Của Tôi" },
        { id: 9, name: "Nhóm Người Khác" },
      ],
      total: 2,
      totalPages: 1,
    });
    const onPick = renderPicker();
    fireEvent.click(await screen.findByRole("button", { name: "Thêm Nhóm Người Khác" }));
    expect(onPick).toHaveBeenCalledWith({ id: 9, name: "Nhóm Người Khác" });
    expect(screen.queryByRole("button", { name: "Thêm Nhóm Của Tôi" })).toBeNull();
    expect(get).toHaveBeenCalledWith(
      "/api/teams/directory",
      expect.objectContaining({ params: { query: expect.objectContaining({ page: 1 }) } }),
    );
  });

  it("searches on the server, and says so when nothing matches", async () => {
    get.mockReset();
    get.mockResolvedValue({ teams: [], total: 0, totalPages: 1 });
    renderPicker();
    fireEvent.change(screen.getByLabelText("Tìm nhóm"), { target: { value: "sen" } });
    await waitFor(() =>
      expect(get).toHaveBeenCalledWith(
        "/api/teams/directory",
        expect.objectContaining({ params: { query: expect.objectContaining({ search: "sen" }) } }),
      ),
    );
    expect(await screen.findByText("Không tìm thấy nhóm nào.")).toBeTruthy();
  });

  it("shows a failed search as an error with Retry, never as 'no team found'", async () => {
    get.mockReset();
    get.mockRejectedValue(new Error("offline"));
    renderPicker();
    expect(await screen.findByRole("alert")).toBeTruthy();
    expect(screen.getByRole("button", { name: "Thử lại" })).toBeTruthy();
    expect(screen.queryByText("Không tìm thấy nhóm nào.")).toBeNull();
  });
});
