import { fireEvent, render, screen } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import "@/lib/i18n";
import { ApiError } from "@/lib/api-error";
import { QueryState } from "./query-state";

type Query = {
  data: string[] | undefined;
  error: unknown;
  isError: boolean;
  isFetching: boolean;
  refetch: () => void;
};
const base: Query = { data: undefined, error: null, isError: false, isFetching: false, refetch: () => {} };

function renderState(query: Partial<Query>) {
  return render(
    <QueryState query={{ ...base, ...query }} loading={<p>skeleton</p>}>
      {(data: string[]) => (data.length === 0 ? <p>nothing yet</p> : <p>{data.join(",")}</p>)}
    </QueryState>,
  );
}

describe("QueryState", () => {
  it("shows the skeleton while loading, not the empty or error state", () => {
    renderState({ isFetching: true });
    expect(screen.getByText("skeleton")).toBeTruthy();
    expect(screen.queryByText("nothing yet")).toBeNull();
    expect(screen.queryByRole("alert")).toBeNull();
  });

  it("shows the empty state when the list loaded empty", () => {
    renderState({ data: [] });
    expect(screen.getByText("nothing yet")).toBeTruthy();
    expect(screen.queryByRole("alert")).toBeNull();
  });

  it("shows the data when the list loaded", () => {
    renderState({ data: ["a", "b"] });
    expect(screen.getByText("a,b")).toBeTruthy();
  });

  it("shows a translated error with Retry, never the empty state, when loading failed", () => {
    const refetch = vi.fn();
    const error = new ApiError("server", "Máy chủ gặp lỗi, vui lòng thử lại sau", {
      status: 500,
      fromServer: true,
    });
    renderState({ isError: true, error, refetch });
    const alert = screen.getByRole("alert");
    expect(alert.textContent).toContain("Không tải được dữ liệu");
    expect(alert.textContent).toContain("Máy chủ gặp lỗi, vui lòng thử lại sau");
    expect(screen.queryByText("nothing yet")).toBeNull();
    expect(screen.queryByText("skeleton")).toBeNull();
    fireEvent.click(screen.getByRole("button", { name: "Thử lại" }));
    expect(refetch).toHaveBeenCalledOnce();
  });

  it("translates a network failure instead of showing the transport's text", () => {
    renderState({ isError: true, error: new ApiError("cannot-connect", "Network Error") });
    expect(screen.getByRole("alert").textContent).toContain("Không thể kết nối tới máy chủ");
    expect(screen.getByRole("alert").textContent).not.toContain("Network Error");
  });

  it("keeps showing loaded data when a later refresh fails", () => {
    renderState({ data: ["a"], isError: true, error: new ApiError("server", "x") });
    expect(screen.getByText("a")).toBeTruthy();
    expect(screen.queryByRole("alert")).toBeNull();
  });
});
