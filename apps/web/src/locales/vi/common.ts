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
  authors: "Tác giả",
  artists: "Họa sĩ",
  characters: "Nhân vật",
  requests: "Yêu cầu",
  admin: "Quản trị",
  newChapter: "Chương mới",
  tokens: "Mã truy cập API",
  notFound: "Không tìm thấy",
  loading: "Đang tải…",
};

export const modal = {
  cancel: "Hủy",
  confirm: "Xác nhận",
};
