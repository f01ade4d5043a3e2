import { readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { formatDate, formatDateTime, formatRelative } from "./date-format";

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
