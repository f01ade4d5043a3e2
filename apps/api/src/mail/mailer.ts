/**
 * Outgoing mail. With SMTP_URL set, mail goes out over SMTP (nodemailer). Without it (a fresh
 * install), every message is kept in the `mail_outbox` table and printed to the server log, so
 * password reset works without any mail server: the operator copies the link from the log.
 */
import nodemailer from "nodemailer";
import type { Db } from "../db/client";
import { mailOutbox } from "../db/schema/mail";

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string | undefined;
}

export interface Mailer {
  readonly kind: "smtp" | "outbox";
  send(message: MailMessage): Promise<void>;
  close(): void;
}

/** The slice of a pino/Fastify logger the mailer uses. */
export interface MailLogger {
  info(object: Record<string, unknown>, message: string): void;
}

export interface MailerOptions {
  smtpUrl: string | undefined;
  mailFrom: string;
  db: Db;
  log: MailLogger;
}

export function createMailer(options: MailerOptions): Mailer {
  return options.smtpUrl
    ? createSmtpMailer(options.smtpUrl, options.mailFrom)
    : createOutboxMailer(options.db, options.log);
}

export function createSmtpMailer(smtpUrl: string, from: string): Mailer {
  const transport = nodemailer.createTransport(smtpUrl);
  return {
    kind: "smtp",
    async send(message) {
      await transport.sendMail({
        from,
        to: message.to,
        subject: message.subject,
        text: message.text,
        html: message.html,
      });
    },
    close() {
      transport.close();
    },
  };
}

export function createOutboxMailer(db: Db, log: MailLogger): Mailer {
  return {
    kind: "outbox",
    async send(message) {
      const [row] = await db
        .insert(mailOutbox)
        .values({ to: message.to, subject: message.subject, text: message.text, html: message.html ?? null })
        .returning({ id: mailOutbox.id });
      log.info(
        { mailId: row?.id, to: message.to, subject: message.subject, links: extractLinks(message.text) },
        `Mail kept in the outbox (SMTP_URL is not set):\n${message.text}`,
      );
    },
    close() {},
  };
}

export function extractLinks(text: string): string[] {
  return [...text.matchAll(/https?:\/\/[^\s<>"']+/g)].map((m) => m[0]);
}
