#!/usr/bin/env node
/**
 * Playwright's web server for the end-to-end tests: a real SMTP server on loopback (the
 * `smtp-server` package) that writes every message it receives to E2E_MAIL_DIR as an .eml file,
 * then the real API process with SMTP_URL pointing at it, so mails such as the password reset
 * travel over SMTP exactly as in production. Signals are passed on; the API's exit ends this.
 */
import { spawn } from "node:child_process";
import { mkdirSync, renameSync, writeFileSync } from "node:fs";
import path from "node:path";
import { SMTPServer } from "smtp-server";

const mailDir = process.env.E2E_MAIL_DIR;
if (!mailDir) throw new Error("E2E_MAIL_DIR is not set");
mkdirSync(mailDir, { recursive: true });

let count = 0;
const sink = new SMTPServer({
  authOptional: true,
  disabledCommands: ["STARTTLS", "AUTH"],
  logger: false,
  onData(stream, session, callback) {
    const chunks = [];
    stream.on("data", (chunk) => chunks.push(chunk));
    stream.on("end", () => {
      const name = `${Date.now()}-${String(++count).padStart(4, "0")}.eml`;
      const to = session.envelope.rcptTo.map((r) => r.address).join(",");
      // Written whole, then renamed: a reader never sees half a message.
      const file = path.join(mailDir, name);
      writeFileSync(`${file}.tmp`, `X-Envelope-To: ${to}\r\n${Buffer.concat(chunks).toString("utf8")}`);
      renameSync(`${file}.tmp`, file);
      callback();
    });
  },
});

sink.listen(0, "127.0.0.1", () => {
  const { port } = sink.server.address();
  const api = spawn(process.execPath, ["--import", "tsx", "apps/api/src/server.ts"], {
    stdio: "inherit",
    env: { ...process.env, SMTP_URL: `smtp://127.0.0.1:${port}` },
  });
  for (const signal of ["SIGINT", "SIGTERM"]) {
    process.on(signal, () => api.kill(signal));
  }
  api.on("exit", (code, signal) => {
    sink.close(() => process.exit(code ?? (signal ? 1 : 0)));
  });
});
