import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { fireEvent, render, screen, waitFor } from "@testing-library/react";
import { DEFAULT_LANG } from "@vt/shared/constants";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { addTexts } from "@/lib/i18n";
import { powerVi } from "@/locales/vi/power";
import { CreateTokenDialog, type TokenTeamOption } from "./create-token-dialog";

const post = vi.fn();
vi.mock("@/lib/api-client", () => ({ api: { post: (...args: unknown[]) => post(...args) } }));

beforeAll(() => addTexts(DEFAULT_LANG, powerVi));

function renderDialog(teams: TokenTeamOption[]) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const onCreated = vi.fn();
  render(
    <QueryClientProvider client={client}>
      <CreateTokenDialog teams={teams} onCreated={onCreated} />
    </QueryClientProvider>,
  );
  fireEvent.click(screen.getByRole("button", { name: "Tạo mã mới" }));
  return onCreated;
}

describe("CreateTokenDialog", () => {
  it("preselects the team of a user with exactly one team and creates the token for it", async () => {
    post.mockResolvedValue({ token: { id: 1 }, secret: "vts_x" });
    const onCreated = renderDialog([{ id: 7, name: "Nhóm Hoa Mai" }]);
    await screen.findByRole("dialog");
    expect(screen.getByRole("combobox", { name: "Nhóm" }).textContent).toBe("Nhóm Hoa Mai");
    fireEvent.change(screen.getByLabelText("Tên mã"), { target: { value: "máy tính nhà" } });
    fireEvent.click(screen.getByRole("button", { name: "Tạo mã" }));
    await waitFor(() => expect(onCreated).toHaveBeenCalled());
    expect(post).toHaveBeenCalledWith("/api/tokens", { name: "máy tính nhà", teamId: 7, scope: "upload" });
  });

  it("asks a user with two teams to choose", async () => {
    post.mockReset();
    renderDialog([
      { id: 7, name: "Nhóm Hoa Mai" },
      { id: 8, name: "Nhóm Hoa Đào" },
    ]);
    await screen.findByRole("dialog");
    expect(screen.getByRole("combobox", { name: "Nhóm" }).textContent).toBe("Chọn nhóm");
    fireEvent.change(screen.getByLabelText("Tên mã"), { target: { value: "máy tính nhà" } });
    fireEvent.click(screen.getByRole("button", { name: "Tạo mã" }));
    expect(await screen.findByText("Nhóm là bắt buộc")).toBeTruthy();
    expect(post).not.toHaveBeenCalled();
  });
});
