/**
 * Password reset over real SMTP: an SMTP server (`smtp-server`) on loopback receives the mail,
 * the test decodes it, follows its link's token and signs in with the new password.
 */
import type { AddressInfo } from "node:net";
import { SMTPServer } from "smtp-server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, TEST_ORIGIN, type TestApp } from "../../test/app";
import { authPost, linkIn, outbox, register, signIn } from "../../test/identity";

interface Received {
  from: string | undefined;
  to: string[];
  raw: string;
}

let smtp: SMTPServer;
const inbox: Received[] = [];
let t: TestApp;

beforeAll(async () => {
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (c: Buffer) => chunks.push(c));
      stream.on("end", () => {
        inbox.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : undefined,
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString("utf8"),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, "127.0.0.1", resolve));
  const port = (smtp.server.address() as AddressInfo).port;
  t = await createTestApp({
    env: { SMTP_URL: `smtp://127.0.0.1:${port}`, MAIL_FROM: "Vườn Truyện Studio <no-reply@studio.example>" },
  });
});

afterAll(async () => {
  await t?.close();
  await new Promise<void>((resolve) => smtp.close(() => resolve()));
});

/** The text/plain part of a MIME message, transfer-decoded (enough for nodemailer's output). */
function textPart(raw: string): string {
  const boundary = raw.match(/boundary="?([^";\r\n]+)"?/i)?.[1];
  const parts = boundary ? raw.split(`--${boundary}`) : [raw];
  const part = parts.find((p) => /content-type:\s*text\/plain/i.test(p));
  if (!part) throw new Error("no text/plain part");
  const split = part.indexOf("\r\n\r\n");
  const headers = part.slice(0, split);
  const body = part.slice(split + 4);
  const encoding = headers.match(/content-transfer-encoding:\s*([\w-]+)/i)?.[1]?.toLowerCase();
  if (encoding === "base64") return Buffer.from(body.replace(/\s+/g, ""), "base64").toString("utf8");
  if (encoding === "quoted-printable") {
    const bytes = body
      .replace(/=\r?\n/g, "")
      .replace(/=([0-9A-F]{2})/gi, (_, h: string) => String.fromCharCode(Number.parseInt(h, 16)));
    return Buffer.from(bytes, "latin1").toString("utf8");
  }
  return body;
}

describe("password reset mail over SMTP", () => {
  it("delivers the reset link over SMTP and the link's token sets a new password", async () => {
    const { account } = await register(t);
    inbox.length = 0;

    const res = await authPost(t, "/auth/request-password-reset", { email: account.email });
    expect(res.statusCode).toBe(200);

    const mail = inbox.find((m) => m.to.includes(account.email));
    expect(mail).toBeDefined();
    expect(mail!.from).toBe("no-reply@studio.example");
    expect(mail!.raw).toMatch(/^Subject: .*/m);
    const link = linkIn(textPart(mail!.raw), `${TEST_ORIGIN}/login?`);
    expect(link.searchParams.get("mode")).toBe("reset");
    const token = link.searchParams.get("token");
    expect(token).toBeTruthy();
    // With SMTP configured nothing goes to the outbox.
    expect(await outbox(t, account.email)).toHaveLength(0);

    const reset = await authPost(t, "/auth/reset-password", {
      token,
      newPassword: "smtp delivered password",
    });
    expect(reset.statusCode).toBe(200);
    const signedIn = await signIn(t, { email: account.email, password: "smtp delivered password" });
    expect(signedIn.res.statusCode).toBe(200);
    expect(signedIn.res.json()).toMatchObject({ user: { email: account.email } });
  });
});
