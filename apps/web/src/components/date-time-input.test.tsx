import { fireEvent, render, screen } from "@testing-library/react";
import { useState } from "react";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { i18n } from "@/lib/i18n";
import { en } from "@/locales/resources-en";
import { DateInput, DateTimeInput } from "./date-time-input";

beforeAll(() => {
  i18n.addResourceBundle("en", "translation", en, true, true);
});
afterAll(async () => {
  await i18n.changeLanguage("vi");
});

function Field({ initial = "" }: { initial?: string }) {
  const [value, setValue] = useState(initial);
  return <DateTimeInput value={value} onChange={setValue} />;
}

describe("DateTimeInput", () => {
  it("is a text field typed dd/mm/yyyy hh:mm, written out in full on leaving it", async () => {
    await i18n.changeLanguage("vi");
    render(<Field />);
    const input = screen.getByRole("textbox") as HTMLInputElement;
    expect(input.type).toBe("text");
    expect(input.placeholder).toBe("dd/mm/yyyy hh:mm");
    fireEvent.change(input, { target: { value: "5/1/2027 8:00" } });
    expect(screen.getByTestId("date-time-read-back").textContent).toBe("05/01/2027 08:00");
    fireEvent.blur(input);
    expect(input.value).toBe("05/01/2027 08:00");
    expect(input.getAttribute("aria-describedby")).toBe(screen.getByTestId("date-time-read-back").id);
  });

  it("reads the date back in the interface language, and says nothing for a text that is no date", async () => {
    await i18n.changeLanguage("en");
    render(<Field initial="15/01/2027 20:00" />);
    expect(screen.getByTestId("date-time-read-back").textContent).toBe("15 Jan 2027, 20:00");
    const input = screen.getByRole("textbox") as HTMLInputElement;
    fireEvent.change(input, { target: { value: "01/15/2027, 08:00 PM" } });
    fireEvent.blur(input);
    expect(input.value).toBe("01/15/2027, 08:00 PM");
    expect(screen.queryByTestId("date-time-read-back")).toBeNull();
  });
});

describe("DateInput", () => {
  function Day({ initial }: { initial: string }) {
    const [value, setValue] = useState(initial);
    return (
      <>
        <DateInput value={value} onChange={setValue} />
        <output data-testid="form-value">{value}</output>
      </>
    );
  }

  it("shows the API's day as dd/mm/yyyy and gives the form yyyy-mm-dd back", async () => {
    await i18n.changeLanguage("vi");
    render(<Day initial="2020-03-08" />);
    const input = screen.getByRole("textbox") as HTMLInputElement;
    expect(input.value).toBe("08/03/2020");
    fireEvent.change(input, { target: { value: "9/3/2020" } });
    expect(screen.getByTestId("form-value").textContent).toBe("2020-03-09");
    fireEvent.blur(input);
    expect(input.value).toBe("09/03/2020");
    fireEvent.change(input, { target: { value: "31/02/2020" } });
    // Not a day: the form gets the text as typed, and its schema refuses it.
    expect(screen.getByTestId("form-value").textContent).toBe("31/02/2020");
    fireEvent.change(input, { target: { value: "" } });
    expect(screen.getByTestId("form-value").textContent).toBe("");
  });
});
