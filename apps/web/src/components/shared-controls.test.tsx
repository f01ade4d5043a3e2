import { fireEvent, render, screen } from "@testing-library/react";
import { InfoIcon, LayoutDashboardIcon, SaveIcon } from "lucide-react";
import { useForm } from "react-hook-form";
import { describe, expect, it, vi } from "vitest";
import { ActionButton } from "./action-button";
import { SearchBox } from "./search-box";
import { sectionTabsUnder } from "./section-tabs";
import { SwitchField } from "./switch-field";

describe("ActionButton", () => {
  it("shows its icon and label, then a spinner and the pending label, disabled, while pending", () => {
    const { rerender, container } = render(
      <ActionButton
        pending={false}
        icon={<SaveIcon data-testid="idle" />}
        label="Lưu"
        pendingLabel="Đang lưu…"
      />,
    );
    const button = screen.getByRole("button", { name: "Lưu" });
    expect(button.hasAttribute("disabled")).toBe(false);
    expect(screen.getByTestId("idle")).toBeTruthy();
    rerender(
      <ActionButton pending icon={<SaveIcon data-testid="idle" />} label="Lưu" pendingLabel="Đang lưu…" />,
    );
    expect(screen.getByRole("button", { name: "Đang lưu…" }).hasAttribute("disabled")).toBe(true);
    expect(screen.queryByTestId("idle")).toBeNull();
    expect(container.querySelector(".animate-spin")).toBeTruthy();
  });

  it("keeps its label while pending when it has no pending label", () => {
    render(<ActionButton pending label="Gửi lại" />);
    expect(screen.getByRole("button", { name: "Gửi lại" }).hasAttribute("disabled")).toBe(true);
  });
});

describe("sectionTabsUnder", () => {
  it("puts the overview on the base path and every other section below it, in order", () => {
    const tabs = sectionTabsUnder("/teams/$teamId", { overview: LayoutDashboardIcon, info: InfoIcon });
    expect(tabs).toEqual([
      { key: "overview", to: "/teams/$teamId", icon: LayoutDashboardIcon },
      { key: "info", to: "/teams/$teamId/info", icon: InfoIcon },
    ]);
  });
});

describe("SearchBox", () => {
  it("labels its search field when given a label", () => {
    const onChange = vi.fn();
    render(<SearchBox id="q" label="Tìm nhóm" value="" onChange={onChange} />);
    const input = screen.getByLabelText("Tìm nhóm");
    expect(input.getAttribute("type")).toBe("search");
    fireEvent.change(input, { target: { value: "lá" } });
    expect(onChange).toHaveBeenCalledOnce();
  });
});

function SwitchForm({ onValue }: { onValue: (on: boolean) => void }) {
  const form = useForm<{ enabled: boolean; shown?: boolean | null }>({ defaultValues: { enabled: false } });
  onValue(form.watch("enabled"));
  return (
    <>
      <SwitchField control={form.control} name="enabled" label="Bật" hint="Hiện cuối chương" />
      <SwitchField control={form.control} name="shown" label="Hiện" />
    </>
  );
}

describe("SwitchField", () => {
  it("shows the form's value, an unset one as off, and writes the toggle back", () => {
    const seen: boolean[] = [];
    render(<SwitchForm onValue={(on) => seen.push(on)} />);
    const enabled = screen.getByRole("switch", { name: "Bật" });
    expect(enabled.getAttribute("aria-checked")).toBe("false");
    expect(screen.getByRole("switch", { name: "Hiện" }).getAttribute("aria-checked")).toBe("false");
    fireEvent.click(enabled);
    expect(screen.getByRole("switch", { name: "Bật" }).getAttribute("aria-checked")).toBe("true");
    expect(seen.at(-1)).toBe(true);
  });
});
