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
  },
  role: { manager: "Quản lý", uploader: "Người đăng truyện" },
  text: {
    request_to_review: "{{actor}} ({{team}}) gửi yêu cầu “{{type}}” cho “{{comic}}”",
    request_decided: "Yêu cầu “{{type}}” cho “{{comic}}”: {{status}} bởi {{actor}}",
    invitation: "{{actor}} mời bạn vào {{team}} ({{role}})",
    chapter_published: "Chương {{chapter}} của “{{comic}}” đã được đăng theo lịch",
  },
};

/** The same, in the shape `addTexts` merges into the Vietnamese table. */
export const notificationsVi = { review: { notifications } };
