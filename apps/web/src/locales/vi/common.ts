export const common = {
  appName: "Vườn Truyện",
  studioName: "Vườn Truyện Studio",
  tagline: "Nơi nhóm dịch chăm sóc từng bộ truyện",
  loading: "Đang tải…",
  cancel: "Hủy",
  confirm: "Xác nhận",
  close: "Đóng",
  retry: "Thử lại",
  backHome: "Về trang chủ",
  goBack: "Quay lại",
  copy: "Sao chép",
  copied: "Đã sao chép",
  pagination: {
    label: "Phân trang",
    previous: "Trang trước",
    next: "Trang sau",
    status: "Trang {{page}} / {{total}}",
  },
};

export const nav = {
  label: "Điều hướng chính",
  dashboard: "Bảng điều khiển",
  teams: "Nhóm",
  comics: "Truyện",
  authors: "Tác giả",
  artists: "Họa sĩ",
  characters: "Nhân vật",
  requests: "Yêu cầu",
  admin: "Quản trị",
  pendingCount: "{{count}} đang chờ",
};

export const shell = {
  skipToContent: "Bỏ qua, đến nội dung chính",
  toggleSidebar: "Thu gọn/mở rộng thanh bên",
  toggleSidebarShortcut: "Ctrl/⌘ + B",
  sidebarTitle: "Thanh điều hướng",
  sidebarDescription: "Các mục chính của Vườn Truyện Studio",
  breadcrumb: "Vị trí hiện tại",
  userMenu: "Mở menu tài khoản",
  language: "Ngôn ngữ",
  theme: "Giao diện",
  themeLight: "Sáng",
  themeDark: "Tối",
  themeSystem: "Theo hệ thống",
  logout: "Đăng xuất",
  loggingOut: "Đang đăng xuất…",
  unnamedUser: "Thành viên",
  languages: {
    vi: "Tiếng Việt",
    en: "English",
  },
};

export const breadcrumb = {
  dashboard: "Bảng điều khiển",
  comics: "Truyện",
  upload: "Đăng truyện mới",
  request: "Xin quyền đăng",
  info: "Thông tin",
  thumbnail: "Ảnh bìa",
  volumes: "Ảnh tập",
  chapters: "Chương",
  teams: "Nhóm",
  members: "Thành viên",
  donate: "Ủng hộ",
  credit: "Ghi công",
  webhooks: "Webhook",
  authors: "Tác giả",
  artists: "Họa sĩ",
  characters: "Nhân vật",
  requests: "Yêu cầu",
  admin: "Quản trị",
  newChapter: "Chương mới",
  tokens: "Mã truy cập API",
  history: "Lịch sử",
  notFound: "Không tìm thấy",
  loading: "Đang tải…",
};

export const modal = {
  cancel: "Hủy",
  confirm: "Xác nhận",
};

/** The conflict dialog of every form (a record changed elsewhere while it was being edited). */
export const conflict = {
  saveTitle: "Đã có người lưu trước bạn",
  saveDescription:
    "Trong lúc bạn sửa, {{subject}} đã được lưu ở nơi khác (một thành viên khác, một thẻ khác hoặc thao tác cập nhật tập nhanh). Thay đổi của bạn chưa được lưu.",
  changedTitle: "Dữ liệu vừa được cập nhật",
  changedDescription:
    "Trong lúc bạn đang sửa, {{subject}} vừa được thay đổi ở nơi khác. Biểu mẫu vẫn giữ những gì bạn đã nhập.",
  whatChanged: "Những gì đã thay đổi:",
  before: "Trước:",
  now: "Bây giờ:",
  nothingVisible: "Các thay đổi không nằm trong những trường hiển thị ở đây.",
  saveHint:
    "Tải lại để lấy bản mới nhất (bỏ thay đổi của bạn), hoặc ghi đè để lưu bản của bạn thay cho bản mới.",
  changedHint:
    "Tải lại để lấy bản mới nhất (bỏ thay đổi của bạn), hoặc tiếp tục sửa trên bản mới và giữ những gì bạn đã nhập.",
  reload: "Tải lại bản mới nhất",
  overwrite: "Ghi đè bằng bản của tôi",
  keepMine: "Giữ thay đổi của tôi",
  on: "Bật",
  off: "Tắt",
  present: "Có",
  absent: "Không có",
  pages_one: "{{count}} trang",
  pages_other: "{{count}} trang",
  pageOrderChanged_one: "{{count}} trang, thứ tự khác",
  pageOrderChanged_other: "{{count}} trang, thứ tự khác",
};
