/**
 * Server messages of team webhooks (docs/webhooks.md). Registered by the server
 * (apps/api/src/lib/messages.ts).
 */

const vi = {
  fields: {
    events: "Sự kiện",
    format: "Định dạng",
    linkTemplate: "Mẫu liên kết",
  },
  webhooks: {
    urlInvalid: "Địa chỉ phải là một URL http:// hoặc https://",
    eventsRequired: "Hãy chọn ít nhất một sự kiện",
    privateAddress:
      "Địa chỉ này trỏ tới mạng nội bộ hoặc địa chỉ đặc biệt (loopback, mạng riêng, link-local, metadata), không được dùng cho webhook",
    unresolvable: "Không tìm thấy tên miền của địa chỉ này",
    tooMany: "Mỗi nhóm có tối đa {{max}} webhook",
    notFailed: "Chỉ gửi lại được lần gửi đã thất bại",
    discord: {
      test: "Vườn Truyện: thử webhook ({{team}})",
      unpublished: "Đã gỡ khỏi trang đọc: {{title}}",
      deleted: "Đã xóa: {{title}}",
      comicCreated: "Truyện mới: {{title}}",
      requestFiled: "Yêu cầu mới: {{type}}",
      requestApproved: "Đã duyệt yêu cầu: {{type}}",
      requestRejected: "Đã từ chối yêu cầu: {{type}}",
      requestSuperseded: "Yêu cầu không còn hiệu lực: {{type}}",
      requestBy: "Gửi bởi {{team}}",
      memberJoined: "{{name}} đã tham gia nhóm",
      memberLeft: "{{name}} đã rời nhóm",
      memberRemoved: "{{name}} đã bị xóa khỏi nhóm",
    },
  },
};

const en: typeof vi = {
  fields: {
    events: "Events",
    format: "Format",
    linkTemplate: "Link template",
  },
  webhooks: {
    urlInvalid: "The address must be an http:// or https:// URL",
    eventsRequired: "Choose at least one event",
    privateAddress:
      "This address points to an internal or special network (loopback, private, link-local, metadata) and cannot receive webhooks",
    unresolvable: "The address's host name could not be found",
    tooMany: "A team may have at most {{max}} webhooks",
    notFailed: "Only a failed delivery can be sent again",
    discord: {
      test: "Vườn Truyện: webhook test ({{team}})",
      unpublished: "Taken off the reading site: {{title}}",
      deleted: "Deleted: {{title}}",
      comicCreated: "New comic: {{title}}",
      requestFiled: "New request: {{type}}",
      requestApproved: "Request approved: {{type}}",
      requestRejected: "Request rejected: {{type}}",
      requestSuperseded: "Request superseded: {{type}}",
      requestBy: "Filed by {{team}}",
      memberJoined: "{{name}} joined the team",
      memberLeft: "{{name}} left the team",
      memberRemoved: "{{name}} was removed from the team",
    },
  },
};

export const webhooksMessages = { vi, en } as const;
