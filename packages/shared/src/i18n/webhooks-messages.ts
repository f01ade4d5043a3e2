/**
 * Server messages of team webhooks (issue 30). Registered by the server
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
  },
};

export const webhooksMessages = { vi, en } as const;
