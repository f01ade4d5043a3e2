import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { expect } from "@playwright/test";

/** Where the SMTP sink of server-with-mail.mjs writes the messages it receives. */
export const mailDir = () => {
  const dataDir = process.env.E2E_DATA_DIR;
  if (!dataDir) throw new Error("E2E_DATA_DIR is not set");
  return path.join(dataDir, "mail");
};

function decodeQuotedPrintable(text: string): string {
  const bytes = text
    .replace(/=\r?\n/g, "")
    .replace(/=([0-9A-F]{2})/gi, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
  return Buffer.from(bytes, "latin1").toString("utf8");
}

/** The decoded text of every MIME part of a raw message (enough for nodemailer's output). */
export function mailTexts(raw: string): string[] {
  const texts: string[] = [];
  const parts = raw.split(/\r?\n--[^\r\n]+\r?\n/);
  for (const part of parts) {
    const split = part.search(/\r?\n\r?\n/);
    if (split < 0) continue;
    const headers = part.slice(0, split);
    const body = part.slice(split).trim();
    const encoding = /content-transfer-encoding:\s*([\w-]+)/i.exec(headers)?.[1]?.toLowerCase();
    if (encoding === "base64") texts.push(Buffer.from(body.replace(/\s+/g, ""), "base64").toString("utf8"));
    else if (encoding === "quoted-printable") texts.push(decodeQuotedPrintable(body));
    else texts.push(body);
  }
  return texts;
}

/**
 * Waits for the newest message sent to `to` (and, when given, whose text contains `containing`)
 * and returns its decoded texts.
 */
export async function waitForMail(to: string, timeout = 15_000, containing?: string): Promise<string> {
  let found: string | undefined;
  await expect
    .poll(
      () => {
        let names: string[] = [];
        try {
          names = readdirSync(mailDir()).filter((n) => n.endsWith(".eml"));
        } catch {
          return false;
        }
        for (const name of names.sort().reverse()) {
          const raw = readFileSync(path.join(mailDir(), name), "utf8");
          if (raw.split(/\r?\n/, 1)[0]?.toLowerCase().includes(to.toLowerCase())) {
            const text = mailTexts(raw).join("\n");
            if (containing && !text.includes(containing)) continue;
            found = text;
            return true;
          }
        }
        return false;
      },
      { timeout, message: `a mail to ${to}${containing ? ` containing ${containing}` : ""}` },
    )
    .toBe(true);
  return found ?? "";
}
