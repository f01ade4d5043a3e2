export const errors = {
  notFound: {
    code: "404",
    title: "Không tìm thấy trang",
    description: "Trang bạn tìm không có trong vườn, có thể đường dẫn đã sai hoặc trang đã bị dời đi.",
  },
  permissionDenied: {
    title: "Bạn không có quyền truy cập trang này",
    description: "Hãy đăng nhập bằng tài khoản có quyền, hoặc liên hệ quản trị viên để được cấp quyền.",
    login: "Đăng nhập",
  },
  loadFailed: {
    title: "Không tải được dữ liệu",
    description: "Dữ liệu của bạn vẫn còn, chỉ là lần tải này không thành công.",
  },
  routeError: {
    title: "Trang này gặp sự cố",
    description: "Đã có lỗi khi hiển thị trang. Bạn có thể thử lại hoặc về trang chủ.",
  },
};
