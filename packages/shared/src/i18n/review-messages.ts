/**
 * Server message keys of the review feature (issue 11): request review and cancel, notifications,
 * the admin area, the trash and history. The server registers them (apps/api/src/lib/messages.ts);
 * the dashboard merges them into its requests/admin texts.
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
    request_to_review: {
      subject: "Yêu cầu mới cần duyệt: {{comic}}",
      body: "{{team}} đã gửi yêu cầu \u201c{{type}}\u201d cho truyện \u201c{{comic}}\u201d. Lý do: {{reason}}",
    },
    request_decided: {
      subject: "Yêu cầu của nhóm bạn đã được xử lý: {{comic}}",
      body: "Yêu cầu \u201c{{type}}\u201d của {{team}} cho truyện \u201c{{comic}}\u201d: {{status}}. {{note}}",
    },
    invitation: {
      subject: "Lời mời tham gia {{team}}",
      body: "Bạn được mời tham gia {{team}}.",
    },
    chapter_published: {
      subject: "Chương đã được đăng: {{comic}}",
      body: "{{chapter}} của truyện \u201c{{comic}}\u201d đã được đăng theo lịch.",
    },
    footer: "Xem tại: {{link}} — tắt thư loại này trong Thông báo > Cài đặt.",
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
    request_to_review: {
      subject: "New request to review: {{comic}}",
      body: "{{team}} sent a \u201c{{type}}\u201d request for \u201c{{comic}}\u201d. Reason: {{reason}}",
    },
    request_decided: {
      subject: "Your team's request was reviewed: {{comic}}",
      body: "The \u201c{{type}}\u201d request of {{team}} for \u201c{{comic}}\u201d: {{status}}. {{note}}",
    },
    invitation: {
      subject: "Invitation to join {{team}}",
      body: "You have been invited to join {{team}}.",
    },
    chapter_published: {
      subject: "Chapter published: {{comic}}",
      body: "{{chapter}} of \u201c{{comic}}\u201d was published on its schedule.",
    },
    footer: "See: {{link}} — turn this kind of mail off in Notifications > Settings.",
  },
};

export const reviewMessages = { vi, en } as const;
