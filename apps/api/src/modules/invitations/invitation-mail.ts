/**
 * The invitation mail. The invitee may have no account yet and their language is unknown, so the
 * text is Vietnamese (the product default) first, then English, like the identity mails.
 */
import type { TAssignableTeamRole } from "@vt/shared/contracts/teams";
import { translate } from "../../lib/messages";
import type { MailMessage } from "../../mail/mailer";

/** The role as it reads inside a sentence, from the catalogue (docs/glossary.md): "người đăng truyện". */
const roleInSentence = (lang: "vi" | "en", role: TAssignableTeamRole) =>
  translate(lang, `teams.roles.${role}`).toLocaleLowerCase(lang);

const escapeHtml = (s: string) =>
  s.replace(
    /[&<>"']/g,
    (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c] ?? c,
  );

/** Names come from users; keep them on one line so they cannot forge extra lines or links. */
const oneLine = (s: string) => s.replace(/[\r\n\t]+/g, " ").slice(0, 120);

export function invitationMail(input: {
  to: string;
  inviterName: string;
  teamName: string;
  role: TAssignableTeamRole;
  link: string;
}): MailMessage {
  const inviter = oneLine(input.inviterName);
  const team = oneLine(input.teamName);
  const role = { vi: roleInSentence("vi", input.role), en: roleInSentence("en", input.role) };
  // The team's name often starts with "Nhóm" itself: never write "nhóm Nhóm Hoa Mai".
  const vi = `${inviter} mời bạn tham gia “${team}” trên Vườn Truyện Studio với vai trò ${role.vi}. Đăng nhập bằng địa chỉ e-mail này, rồi mở trang Nhóm để chấp nhận hoặc từ chối lời mời.`;
  const en = `${inviter} invited you to join “${team}” on Vườn Truyện Studio as ${role.en}. Sign in with this e-mail address, then open the Teams page to accept or decline.`;
  return {
    to: input.to,
    subject: `Lời mời tham gia / Invitation: ${team} – Vườn Truyện Studio`,
    text: `${vi}\n\n${input.link}\n\n---\n\n${en}\n\n${input.link}\n`,
    html:
      `<p>${escapeHtml(vi)}</p><p><a href="${escapeHtml(input.link)}">Mở trang Nhóm</a></p>` +
      `<hr><p>${escapeHtml(en)}</p><p><a href="${escapeHtml(input.link)}">${escapeHtml(input.link)}</a></p>`,
  };
}
