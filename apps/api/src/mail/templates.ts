/**
 * Texts of the mail we send. The recipient's language is unknown when they are signed out, so
 * each message carries Vietnamese (the product default) first, then English.
 */
import type { MailMessage } from "./mailer";

const escapeHtml = (s: string) =>
  s.replace(
    /[&<>"']/g,
    (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c] ?? c,
  );

function bilingual(
  to: string,
  subject: string,
  vi: string,
  en: string,
  link: string,
  button: string,
): MailMessage {
  return {
    to,
    subject,
    text: `${vi}\n\n${link}\n\n---\n\n${en}\n\n${link}\n`,
    html:
      `<p>${escapeHtml(vi)}</p><p><a href="${escapeHtml(link)}">${escapeHtml(button)}</a></p>` +
      `<hr><p>${escapeHtml(en)}</p><p><a href="${escapeHtml(link)}">${escapeHtml(link)}</a></p>`,
  };
}

export function passwordResetMail(to: string, name: string, link: string): MailMessage {
  return bilingual(
    to,
    "Đặt lại mật khẩu / Reset your password – Vườn Truyện Studio",
    `Chào ${name}, bấm vào liên kết dưới đây để đặt mật khẩu mới cho Vườn Truyện Studio. Liên kết dùng được một lần và hết hạn sau 1 giờ. Nếu bạn không yêu cầu, hãy bỏ qua thư này.`,
    `Hi ${name}, open the link below to choose a new password for Vườn Truyện Studio. The link works once and expires in 1 hour. If you did not ask for this, ignore this mail.`,
    link,
    "Đặt lại mật khẩu",
  );
}

export function verifyEmailMail(to: string, name: string, link: string): MailMessage {
  return bilingual(
    to,
    "Xác nhận e-mail / Confirm your e-mail – Vườn Truyện Studio",
    `Chào ${name}, bấm vào liên kết dưới đây để xác nhận địa chỉ e-mail của bạn.`,
    `Hi ${name}, open the link below to confirm your e-mail address.`,
    link,
    "Xác nhận e-mail",
  );
}
