/**
 * Server messages of API tokens and bulk import (docs/bulk-import.md). Registered by the server
 * (apps/api/src/lib/messages.ts); the dashboard loads them with the token and import screens.
 */

const vi = {
  fields: {
    scope: "Quyền",
  },
  tokens: {
    invalid: "Mã truy cập API không hợp lệ hoặc đã bị thu hồi",
    notAccepted: "Đường dẫn này không nhận mã truy cập API, hãy đăng nhập",
    withCookie: "Không gửi mã truy cập API cùng cookie phiên đăng nhập",
    readOnly: "Mã truy cập này chỉ có quyền xem",
    rateLimited: "Mã truy cập gọi quá nhiều lần, hãy thử lại sau một phút",
    teamNotMember: "Bạn không phải thành viên của nhóm này",
    tooMany: "Bạn đã có tối đa {{max}} mã truy cập, hãy thu hồi bớt",
  },
  import: {
    refusal: {
      unsafeName: "Tệp nén có tên mục không an toàn: {{name}}",
      tooManyEntries: "Tệp nén có {{count}} mục, vượt quá giới hạn {{max}}",
      expansionRatio: "Mục {{name}} giải nén ra lớn bất thường (hơn {{max}} lần), tệp nén bị từ chối",
      entryTooLarge: "Mục {{name}} lớn hơn {{max}} MB khi giải nén",
      tooLarge: "Tệp nén lớn hơn {{max}} MB khi giải nén",
      sizeMismatch: "Mục {{name}} giải nén ra lớn hơn kích thước khai báo, tệp nén bị từ chối",
    },
  },
};

const en: typeof vi = {
  fields: {
    scope: "Scope",
  },
  tokens: {
    invalid: "The API token is invalid or has been revoked",
    notAccepted: "This route does not accept API tokens; sign in instead",
    withCookie: "Do not send an API token together with a session cookie",
    readOnly: "This token may only read",
    rateLimited: "Too many calls with this token; try again in a minute",
    teamNotMember: "You are not a member of this team",
    tooMany: "You already have {{max}} tokens; revoke some first",
  },
  import: {
    refusal: {
      unsafeName: "The archive holds an unsafe entry name: {{name}}",
      tooManyEntries: "The archive holds {{count}} entries, more than the limit of {{max}}",
      expansionRatio: "Entry {{name}} expands abnormally (over {{max}} times); the archive is refused",
      entryTooLarge: "Entry {{name}} is larger than {{max}} MB once decompressed",
      tooLarge: "The archive is larger than {{max}} MB once decompressed",
      sizeMismatch: "Entry {{name}} decompresses to more than its declared size; the archive is refused",
    },
  },
};

export const tokensMessages = { vi, en } as const;
