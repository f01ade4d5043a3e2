/**
 * Server message keys of the review feature (docs/requests.md): request review and cancel,
 * notifications, the admin area, the trash and history. The server registers them
 * (apps/api/src/lib/messages.ts); the dashboard merges them into its requests/admin texts.
 */

const vi = {
  review: {
    noteRequired: "Vui lòng nhập ghi chú khi từ chối",
    chooseTeam: "Bạn ở nhiều nhóm: hãy chọn nhóm gửi yêu cầu",
    noTeam: "Bạn cần là thành viên của một nhóm để gửi yêu cầu",
    cancelled: "Đã hủy yêu cầu",
    restored: "Đã khôi phục",
    trashExpired: "Mục này đã quá 30 ngày trong thùng rác và không thể khôi phục",
    parentInTrash: "Hãy khôi phục truyện chứa chương này trước",
    accountDisabled: "Tài khoản này đã bị vô hiệu hóa",
    cannotDisableSelf: "Bạn không thể tự vô hiệu hóa hoặc bỏ quyền quản trị của chính mình",
    userUpdated: "Đã cập nhật người dùng",
  },
  notifyMail: {
    /** What a request asks for, inside a sentence (lower case). */
    about: {
      permission: "quyền đăng truyện \u201c{{comic}}\u201d",
      delete: "xóa truyện \u201c{{comic}}\u201d",
      merge: "gộp truyện \u201c{{comic}}\u201d vào \u201c{{target}}\u201d",
      "person-delete": "xóa mục \u201c{{comic}}\u201d",
    },
    request_to_review: {
      subject: "Yêu cầu mới cần duyệt: {{comic}}",
      body: "{{actor}} ({{team}}) xin {{about}}. Lý do: {{reason}}",
    },
    request_decided: {
      subject: "Yêu cầu của nhóm bạn đã được xử lý: {{comic}}",
      approved: "{{actor}} đã duyệt yêu cầu {{about}} của {{team}}. {{note}}",
      rejected: "{{actor}} đã từ chối yêu cầu {{about}} của {{team}}. {{note}}",
    },
    request_superseded: {
      subject: "Yêu cầu không còn hiệu lực: {{comic}}",
      delete: "Yêu cầu {{about}} của {{team}} không còn hiệu lực vì truyện đã bị xóa.",
      merge: "Yêu cầu {{about}} của {{team}} không còn hiệu lực vì truyện đã được gộp vào truyện khác.",
    },
    invitation: {
      subject: "Lời mời tham gia {{team}}",
      body: "Bạn được mời tham gia {{team}}.",
    },
    chapter_published: {
      subject: "Chương đã được đăng: {{comic}}",
      body: "{{chapter}} của truyện \u201c{{comic}}\u201d đã được đăng theo lịch.",
    },
    comic_deleted: {
      subject: "Truyện đã bị xóa: {{comic}}",
      body: "{{actor}} đã xóa truyện \u201c{{comic}}\u201d của {{team}}.",
      requested: "{{actor}} đã xóa truyện \u201c{{comic}}\u201d của {{team}} theo yêu cầu của {{requester}}.",
    },
    comic_restored: {
      subject: "Truyện đã được khôi phục: {{comic}}",
      body: "{{actor}} đã khôi phục truyện \u201c{{comic}}\u201d của {{team}}.",
    },
    comic_merged: {
      subject: "Truyện đã được gộp: {{comic}}",
      body: "{{actor}} đã gộp truyện \u201c{{comic}}\u201d của {{team}} vào \u201c{{target}}\u201d.",
    },
    footer: "Xem tại: {{link}} - tắt thư loại này trong Thông báo > Cài đặt.",
    webhook_paused: {
      subject: "Webhook của {{team}} đã tạm dừng",
      body: "Webhook gửi tới {{host}} của {{team}} thất bại {{failures}} lần liên tiếp nên đã tạm dừng. Hãy kiểm tra máy nhận rồi bật lại trong phần cài đặt nhóm.",
    },
  },
} as const;

type Catalogue<T> = { readonly [K in keyof T]: T[K] extends string ? string : Catalogue<T[K]> };

const en: Catalogue<typeof vi> = {
  review: {
    noteRequired: "Please enter a note when rejecting",
    chooseTeam: "You are in several teams: choose the team that sends the request",
    noTeam: "You must be a member of a team to send a request",
    cancelled: "Request cancelled",
    restored: "Restored",
    trashExpired: "This item has been in the trash for more than 30 days and cannot be restored",
    parentInTrash: "Restore the comic of this chapter first",
    accountDisabled: "This account has been disabled",
    cannotDisableSelf: "You cannot disable yourself or remove your own admin role",
    userUpdated: "User updated",
  },
  notifyMail: {
    about: {
      permission: "upload permission for \u201c{{comic}}\u201d",
      delete: "the deletion of \u201c{{comic}}\u201d",
      merge: "a merge of \u201c{{comic}}\u201d into \u201c{{target}}\u201d",
      "person-delete": "the deletion of the entry \u201c{{comic}}\u201d",
    },
    request_to_review: {
      subject: "New request to review: {{comic}}",
      body: "{{actor}} ({{team}}) asks for {{about}}. Reason: {{reason}}",
    },
    request_decided: {
      subject: "Your team's request was reviewed: {{comic}}",
      approved: "{{actor}} approved the request of {{team}} for {{about}}. {{note}}",
      rejected: "{{actor}} rejected the request of {{team}} for {{about}}. {{note}}",
    },
    request_superseded: {
      subject: "Request superseded: {{comic}}",
      delete: "The request of {{team}} for {{about}} was superseded: the comic was deleted.",
      merge: "The request of {{team}} for {{about}} was superseded: the comic was merged into another.",
    },
    invitation: {
      subject: "Invitation to join {{team}}",
      body: "You have been invited to join {{team}}.",
    },
    chapter_published: {
      subject: "Chapter published: {{comic}}",
      body: "{{chapter}} of \u201c{{comic}}\u201d was published on its schedule.",
    },
    comic_deleted: {
      subject: "Comic deleted: {{comic}}",
      body: "{{actor}} deleted \u201c{{comic}}\u201d of {{team}}.",
      requested: "{{actor}} deleted \u201c{{comic}}\u201d of {{team}} at the request of {{requester}}.",
    },
    comic_restored: {
      subject: "Comic restored: {{comic}}",
      body: "{{actor}} restored \u201c{{comic}}\u201d of {{team}}.",
    },
    comic_merged: {
      subject: "Comic merged: {{comic}}",
      body: "{{actor}} merged \u201c{{comic}}\u201d of {{team}} into \u201c{{target}}\u201d.",
    },
    footer: "See: {{link}} - turn this kind of mail off in Notifications > Settings.",
    webhook_paused: {
      subject: "A webhook of {{team}} was paused",
      body: "The webhook of {{team}} posting to {{host}} failed {{failures}} times in a row and was paused. Check the receiver, then resume it in the team settings.",
    },
  },
};

export const reviewMessages = { vi, en } as const;
