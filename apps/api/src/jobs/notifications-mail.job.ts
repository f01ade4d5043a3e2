/**
 * `notifications.mail`: mails the notifications created since the last run (every minute), through
 * the mailer the server uses (SMTP, or the outbox without SMTP_URL), skipping kinds the addressee
 * turned off. See notifications.service.ts.
 */
import { createMailer } from "../mail/mailer";
import { mailPending } from "../modules/notifications/notifications.service";
import { defineJob } from "./engine";

export const notificationsMail = defineJob({
  name: "notifications.mail",
  cron: "* * * * *",
  async run(_data, { db, config, log }) {
    const mailer = createMailer({ smtpUrl: config.smtpUrl, mailFrom: config.mailFrom, db, log });
    try {
      return await mailPending({ db, mailer, config, log });
    } finally {
      mailer.close();
    }
  },
});
