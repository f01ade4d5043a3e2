import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { fireEvent, render, screen } from "@testing-library/react";
import { DEFAULT_LANG } from "@vt/shared/constants";
import { useState } from "react";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { addTexts } from "@/lib/i18n";
import { comicsVi } from "@/locales/vi/comics";
import { ComicSearchPicker } from "./comic-search-picker";

const get = vi.fn();
vi.mock("@/lib/api-client", () => ({ api: { get: (...args: unknown[]) => get(...args) } }));

beforeAll(() => addTexts(DEFAULT_LANG, comicsVi));

const comic = (id: number, title: string) => ({
  id,
  title,
  thumbnail: null,
  team: { id: 1, name: "Nhóm Hoa Mai" },
});

function Picker() {
  const [value, setValue] = useState<{ id: number; title: string } | null>(null);
  return <ComicSearchPicker label="Truyện đích" excludeId={1} value={value} onChange={setValue} />;
}

describe("ComicSearchPicker: the merge targets are one radio group", () => {
  it("is one Tab stop; the arrow keys move to a neighbour and choose it", async () => {
    get.mockResolvedValue({
      comics: [comic(1, "Chính nó"), comic(2, "Vườn Mai"), comic(3, "Vườn Đào"), comic(4, "Vườn Cúc")],
      total: 4,
      totalPages: 1,
    });
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    render(
      <QueryClientProvider client={client}>
        <Picker />
      </QueryClientProvider>,
    );
    await screen.findByRole("radio", { name: /Vườn Mai/ });
    const radios = screen.getAllByRole("radio");
    expect(radios.map((radio) => radio.tabIndex)).toEqual([0, -1, -1]);
    radios[0]!.focus();
    fireEvent.keyDown(radios[0]!, { key: "ArrowDown" });
    expect(document.activeElement).toBe(radios[1]);
    expect(radios[1]!.getAttribute("aria-checked")).toBe("true");
    expect(radios.map((radio) => radio.tabIndex)).toEqual([-1, 0, -1]);
    fireEvent.keyDown(radios[1]!, { key: "ArrowUp" });
    fireEvent.keyDown(radios[0]!, { key: "ArrowUp" });
    expect(document.activeElement).toBe(radios[2]);
    expect(radios[2]!.getAttribute("aria-checked")).toBe("true");
    fireEvent.keyDown(radios[2]!, { key: "Home" });
    expect(radios[0]!.getAttribute("aria-checked")).toBe("true");
  });
});
