import { readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import {
  formatDate,
  formatDateTime,
  formatRelative,
  parseDateField,
  parseDateTimeField,
  toDateField,
  toDateTimeField,
} from "./date-format";

// Local time on purpose: the dashboard shows dates in the user's zone.
const at = new Date(2026, 10, 23, 17, 54).getTime();

describe("one date format per language", () => {
  it("Vietnamese writes dd/MM/yyyy HH:mm", () => {
    expect(formatDateTime(at, "vi")).toBe("23/11/2026 17:54");
    expect(formatDate(at, "vi")).toBe("23/11/2026");
    expect(formatDateTime(new Date(2026, 2, 3, 7, 5), "vi")).toBe("03/03/2026 07:05");
  });

  it("English writes the month in words, day first (never 03/12 read as 12 March)", () => {
    expect(formatDateTime(at, "en")).toBe("23 Nov 2026, 17:54");
    expect(formatDate(at, "en")).toBe("23 Nov 2026");
    expect(formatDateTime(new Date(2026, 11, 3, 9, 0), "en")).toBe("3 Dec 2026, 09:00");
  });

  it("reads ISO strings, epoch ms and calendar days; a calendar day is not shifted by the zone", () => {
    expect(formatDateTime(new Date(at).toISOString(), "vi")).toBe("23/11/2026 17:54");
    expect(formatDate("2020-05-01", "vi")).toBe("01/05/2020");
    expect(formatDate("2020-05-01", "en")).toBe("1 May 2020");
  });

  it("no date is an empty text; a text that is not a date is shown as it is", () => {
    expect(formatDateTime(null, "vi")).toBe("");
    expect(formatDate(undefined, "en")).toBe("");
    expect(formatDate("soon", "en")).toBe("soon");
  });

  it("relative times fall back to the one format after a week", () => {
    expect(formatRelative(at - 5 * 60_000, "en", at)).toBe("5 minutes ago");
    expect(formatRelative(at - 30 * 86_400_000, "en", at)).toBe(formatDateTime(at - 30 * 86_400_000, "en"));
  });

  it("no other code in the web formats dates by itself", () => {
    const root = join(__dirname, "..");
    const offenders: string[] = [];
    const walk = (dir: string) => {
      for (const name of readdirSync(dir)) {
        const path = join(dir, name);
        if (statSync(path).isDirectory()) walk(path);
        else if (/\.tsx?$/.test(name) && !name.includes(".test.") && !path.endsWith("date-format.ts")) {
          const text = readFileSync(path, "utf8");
          if (/Intl\.DateTimeFormat|toLocale(Date|Time)?String\(|from "date-fns/.test(text))
            offenders.push(path);
        }
      }
    };
    walk(root);
    expect(offenders).toEqual([]);
  });
});

describe("the date-time field's text (dd/mm/yyyy hh:mm in both languages)", () => {
  it("writes a time as the dashboard does, and reads it back", () => {
    const jan = new Date(2027, 0, 15, 20, 0).getTime();
    expect(toDateTimeField(jan)).toBe("15/01/2027 20:00");
    expect(parseDateTimeField("15/01/2027 20:00")).toBe(jan);
    expect(toDateTimeField(null)).toBe("");
  });

  it("accepts what people type: short parts, other separators, spaces around", () => {
    const may = new Date(2027, 4, 5, 8, 5).getTime();
    for (const text of ["5/5/2027 8:05", " 05/05/2027 08:05 ", "05-05-2027 08:05", "05.05.2027, 8h05"]) {
      expect(parseDateTimeField(text), text).toBe(may);
    }
  });

  it("refuses what is not a real date and time, and the browser's month-first 12-hour form", () => {
    for (const text of [
      "",
      "31/02/2027 10:00",
      "15/13/2027 10:00",
      "15/01/2027 24:00",
      "15/01/2027 10:60",
      "15/01/2027",
      "01/15/2027, 08:00 PM",
      "2027-01-15T20:00",
      "hôm nay",
    ]) {
      expect(parseDateTimeField(text), text).toBeNull();
    }
  });
});

describe("the date field's text (dd/mm/yyyy) for a calendar day", () => {
  it("writes and reads the API's yyyy-mm-dd", () => {
    expect(toDateField("2027-01-15")).toBe("15/01/2027");
    expect(parseDateField("15/01/2027")).toBe("2027-01-15");
    expect(parseDateField(" 5-1-2027 ")).toBe("2027-01-05");
  });

  it("refuses what is not a real day", () => {
    for (const text of ["", "31/02/2027", "01/15/2027", "2027-01-15", "15/01/27"]) {
      expect(parseDateField(text), text).toBeNull();
    }
  });
});

describe("no browser date picker", () => {
  it("no component uses type=date, datetime-local or time inputs (they follow the browser's locale)", () => {
    const root = join(__dirname, "..");
    const offenders: string[] = [];
    const walk = (dir: string) => {
      for (const name of readdirSync(dir)) {
        const path = join(dir, name);
        if (statSync(path).isDirectory()) walk(path);
        else if (
          /\.tsx$/.test(name) &&
          /type=["'](date|datetime-local|time|month|week)["']/.test(readFileSync(path, "utf8"))
        )
          offenders.push(path);
      }
    };
    walk(root);
    expect(offenders).toEqual([]);
  });
});
