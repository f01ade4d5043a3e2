/**
 * Message keys of the teams feature. The server registers them with
 * `registerMessages` (./messages.ts); the dashboard loads them with the team pages.
 */

const vi = {
  validation: {
    imageTooManyPixels: "Ảnh quá lớn, tối đa {{max}} megapixel",
    imageSideTooLong: "Ảnh quá dài, mỗi cạnh tối đa {{max}} px",
    imageTooNarrow: "Ảnh quá hẹp so với chiều dài, cạnh dài tối đa gấp {{max}} lần cạnh ngắn",
  },
  fields: {
    file: "Tệp",
    files: "Tệp",
    enabled: "Bật",
    text: "Nội dung",
    qrImage: "Mã QR",
    showInEachChapter: "Hiển thị ở mỗi chương",
    userId: "Thành viên",
    page: "Trang",
    limit: "Số mục mỗi trang",
    search: "Tìm kiếm",
  },
  teams: {
    alreadyMember: "Người này đã là thành viên của nhóm",
    invitationPending: "Email này đã có một lời mời đang chờ trả lời",
    ownerMustTransfer:
      "Hãy chuyển quyền trưởng nhóm cho thành viên khác trước: mỗi nhóm luôn có đúng một trưởng nhóm",
    roleAboveOwn: "Bạn chỉ có thể cấp hoặc thay đổi vai trò thấp hơn vai trò của mình",
    alreadyOwner: "Thành viên này đã là trưởng nhóm",
    memberNotFound: "Không tìm thấy thành viên này trong nhóm",
    invitationNotFound: "Lời mời không tồn tại hoặc đã hết hiệu lực",
    notAMember: "Bạn không phải thành viên của nhóm này",
    roles: {
      owner: "Trưởng nhóm",
      manager: "Quản lý",
      uploader: "Người đăng truyện",
    },
    invitationStatus: {
      pending: "Đang chờ",
      accepted: "Đã chấp nhận",
      declined: "Đã từ chối",
      revoked: "Đã thu hồi",
      expired: "Đã hết hạn",
    },
  },
} as const;

type Catalogue<T> = { readonly [K in keyof T]: T[K] extends string ? string : Catalogue<T[K]> };

const en: Catalogue<typeof vi> = {
  validation: {
    imageTooManyPixels: "The image is too large, the maximum is {{max}} megapixels",
    imageSideTooLong: "The image is too long, each side may be at most {{max}} px",
    imageTooNarrow:
      "The image is too narrow for its length, the long side may be at most {{max}} times the short side",
  },
  fields: {
    file: "File",
    files: "Files",
    enabled: "Enabled",
    text: "Text",
    qrImage: "QR code",
    showInEachChapter: "Show in each chapter",
    userId: "Member",
    page: "Page",
    limit: "Items per page",
    search: "Search",
  },
  teams: {
    alreadyMember: "This person is already a member of the team",
    invitationPending: "This e-mail already has a pending invitation",
    ownerMustTransfer: "Transfer ownership to another member first: a team always has exactly one owner",
    roleAboveOwn: "You can only grant or change roles below your own",
    alreadyOwner: "This member already owns the team",
    memberNotFound: "This member is not in the team",
    invitationNotFound: "The invitation does not exist or is no longer valid",
    notAMember: "You are not a member of this team",
    roles: {
      owner: "Owner",
      manager: "Manager",
      uploader: "Uploader",
    },
    invitationStatus: {
      pending: "Pending",
      accepted: "Accepted",
      declined: "Declined",
      revoked: "Revoked",
      expired: "Expired",
    },
  },
};

export const teamsMessages = { vi, en } as const;
