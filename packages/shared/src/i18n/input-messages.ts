/**
 * Message keys of the input gate: refused characters and dates in any text field, the
 * image gate's damaged-image refusal and the per-user upload quota. The server registers them
 * with `registerMessages` (apps/api/src/lib/messages.ts); the dashboard shows the server's text.
 */
import type { Catalogue } from "./catalogue-vi";

const vi = {
  input: {
    controlCharacter: "{{field}} chứa ký tự không hợp lệ (ký tự rỗng hoặc ký tự lỗi mã hóa)",
    dateOutOfRange: "{{field}} phải là một ngày trong khoảng năm 1 đến năm 9999",
    tooDeep: "{{field}} lồng nhau quá nhiều tầng (tối đa {{max}} tầng)",
  },
  upload: {
    imageDamaged: "Ảnh bị hỏng hoặc chưa tải lên hết, vui lòng chọn lại tệp",
    quotaFiles: "Bạn đã tải lên quá {{max}} tệp trong một giờ, vui lòng thử lại sau",
    quotaBytes: "Bạn đã tải lên quá {{max}} MB trong một giờ, vui lòng thử lại sau",
    directUnavailable: "Máy chủ này không nhận tải tệp thẳng lên kho lưu trữ, hãy tải lên theo cách thường",
    ticketInvalid: "Liên kết tải lên không hợp lệ hoặc đã hết hạn, vui lòng tải tệp lên lại",
    objectMissing: "Tệp chưa tới được kho lưu trữ, vui lòng tải lên lại",
    ticketUsed: "Tệp này đã được ghi nhận rồi, mỗi liên kết tải lên chỉ dùng được một lần",
    gateBusy: "Máy chủ đang kiểm tra nhiều ảnh, vui lòng thử lại sau {{seconds}} giây",
  },
  fields: {
    q: "Ô tìm kiếm",
    body: "Nội dung gửi lên",
    query: "Tham số truy vấn",
    params: "Đường dẫn",
    alias: "Tên khác",
    aliases: "Tên khác",
    bio: "Giới thiệu",
    note: "Ghi chú",
    message: "Lời nhắn",
  },
} as const;

const en: Catalogue<typeof vi> = {
  input: {
    controlCharacter: "{{field}} contains a character that is not allowed (a null or broken character)",
    dateOutOfRange: "{{field}} must be a date between the years 1 and 9999",
    tooDeep: "{{field}} is nested too deeply (at most {{max}} levels)",
  },
  upload: {
    imageDamaged: "The image is damaged or incomplete, please choose the file again",
    quotaFiles: "You have uploaded more than {{max}} files in an hour, please try again later",
    directUnavailable: "This server does not take uploads straight to storage, upload the usual way",
    ticketInvalid: "The upload link is invalid or has expired, please upload the file again",
    objectMissing: "The file did not reach storage, please upload it again",
    ticketUsed: "This file has already been recorded: each upload link can be used once",
    gateBusy: "The server is checking many images, please try again in {{seconds}} seconds",
    quotaBytes: "You have uploaded more than {{max}} MB in an hour, please try again later",
  },
  fields: {
    q: "Search",
    body: "Request body",
    query: "Query parameters",
    params: "Path",
    alias: "Other name",
    aliases: "Other names",
    bio: "Biography",
    note: "Note",
    message: "Message",
  },
};

export const inputMessages = { vi, en } as const;
