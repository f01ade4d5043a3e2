/**
 * The notification centre's texts (`review.notifications`), their own module so the header's bell
 * carries them without the rest of the review texts (see features/notifications/texts.ts).
 */
export const notifications = {
  title: "Thông báo",
  bellUnread: "Thông báo ({{count}} chưa đọc)",
  empty: "Bạn chưa có thông báo nào.",
  markAll: "Đọc hết",
  markOne: "Đánh dấu đã đọc",
  unread: "Chưa đọc",
  more: "Xem thêm",
  settings: "Cài đặt thông báo",
  settingsTitle: "Nhận thư khi có",
  settingsHint: "Thông báo trong ứng dụng luôn được giữ; tắt một loại ở đây để thôi nhận thư cho loại đó.",
  saved: "Đã lưu cài đặt thông báo",
  kind: {
    request_to_review: "Yêu cầu cần tôi duyệt",
    request_decided: "Yêu cầu của tôi đã được xử lý",
    invitation: "Lời mời vào nhóm",
    chapter_published: "Chương của tôi được đăng theo lịch",
    request_superseded: "Yêu cầu của nhóm tôi không còn hiệu lực",
    comic_deleted: "Truyện của nhóm tôi bị xóa",
    comic_restored: "Truyện của nhóm tôi được khôi phục",
    comic_merged: "Truyện của nhóm tôi được gộp vào truyện khác",
    webhook_paused: "Webhook của nhóm bị tạm dừng",
  },
  role: { manager: "Quản lý", uploader: "Người đăng truyện" },
  /** What a request asks for, inside a sentence (lower case, as the server's mail). */
  about: {
    permission: "quyền đăng truyện “{{comic}}”",
    delete: "xóa truyện “{{comic}}”",
    merge: "gộp truyện “{{comic}}” vào “{{target}}”",
    "person-delete": "xóa mục “{{comic}}”",
  },
  text: {
    request_to_review: "{{actor}} ({{team}}) xin {{about}}",
    request_decided: {
      approved: "{{actor}} đã duyệt yêu cầu {{about}}",
      rejected: "{{actor}} đã từ chối yêu cầu {{about}}",
    },
    invitation: "{{actor}} mời bạn vào {{team}} ({{role}})",
    chapter_published: "{{chapter}} của “{{comic}}” đã được đăng theo lịch",
    request_superseded: {
      delete: "Yêu cầu {{about}} của {{team}} không còn hiệu lực vì truyện đã bị xóa",
      merge: "Yêu cầu {{about}} của {{team}} không còn hiệu lực vì truyện đã được gộp vào truyện khác",
    },
    comic_deleted: {
      body: "{{actor}} đã xóa truyện “{{comic}}” của {{team}}",
      requested: "{{actor}} đã xóa truyện “{{comic}}” của {{team}} theo yêu cầu của {{requester}}",
    },
    comic_restored: "{{actor}} đã khôi phục truyện “{{comic}}” của {{team}}",
    comic_merged: "{{actor}} đã gộp truyện “{{comic}}” của {{team}} vào “{{target}}”",
    webhook_paused:
      "Webhook của {{team}} gửi tới {{host}} đã tạm dừng sau {{failures}} lần thất bại liên tiếp",
  },
};

/** The same, in the shape `addTexts` merges into the Vietnamese table. */
export const notificationsVi = { review: { notifications } };
