/**
 * Message keys of the chapters feature. The server registers them with `registerMessages`
 * (./messages.ts, from apps/api/src/lib/messages.ts); the dashboard loads them with the chapter
 * pages. The chapter rules of docs/dashboard.md themselves use base keys that already exist:
 * validation.chapterOrderInvalid, validation.hiddenOrderNeedsTitle, validation.scheduleInFuture,
 * validation.pagesRequired, errors.chapterNoPages.
 */

const vi = {
  fields: {
    publishAt: "Thời gian hẹn đăng",
    publishedAt: "Ngày đăng",
    hideOrder: "Ẩn số thứ tự chương",
    hideDefaultOrder: "Ẩn thứ tự mặc định",
    hidden: "Ẩn chương",
    donateTeamIds: "Nhóm hiện ở mục ủng hộ",
    creditTeamIds: "Nhóm hiện ở mục ghi công",
    hideDonate: "Ẩn mục ủng hộ",
    hideCredit: "Ẩn trang ghi công",
    publishDelayHours: "Thời gian chờ đăng (giờ)",
    splitTallStrips: "Cắt trang quá dài",
    filename: "Tên tệp",
    size: "Kích thước tệp",
    collaboratingTeamIds: "Nhóm cùng làm chương",
    scrambled: "Tải lên xáo trộn",
    config: "Cấu hình nâng cao",
    keys: "Khóa xáo trộn",
    clientIds: "Tệp ảnh",
    clientId: "Tệp ảnh",
    key: "Khóa xáo trộn",
    pageId: "Trang",
    pageIds: "Trang",
    kept: "Giữ lại",
    publish: "Đăng",
    visible: "Đang hiển thị",
  },
  chapters: {
    pageDuplicate: "Một trang xuất hiện nhiều lần trong danh sách",
    clientIdTaken: "Tệp ảnh này đã là một trang khác của chương",
    pageNotFound: "Một trang không còn trong chương này (có thể vừa bị xóa ở nơi khác), hãy tải lại trang",
    pageUnchecked: "Trang này chưa được kiểm tra nên không giữ lại được",
    pageNotStored: "Trang {{position}} chưa được tải lên xong, hãy tải lên lại trang này trước khi đăng",
    rangeInvalid: "Chương bắt đầu phải nhỏ hơn hoặc bằng chương kết thúc",
    teamNotFound: "Không tìm thấy nhóm đã chọn",
    orderTaken: "Nhóm của bạn đã có chương {{order}} trong truyện này",
    idMismatch: "Mã chương không khớp với đường dẫn",
    published: "Đã đăng chương",
    scheduled: "Đã hẹn đăng chương",
    volumeUpdated: "Đã cập nhật tập cho {{count}} chương",
    state: {
      draft: "Bản nháp",
      scheduled: "Đã hẹn đăng",
      hidden: "Đang ẩn",
      visible: "Đã đăng",
    },
    sort: {
      asc: "Tăng dần",
      desc: "Giảm dần",
    },
  },
};

type Catalogue<T> = { readonly [K in keyof T]: T[K] extends string ? string : Catalogue<T[K]> };

const en: Catalogue<typeof vi> = {
  fields: {
    publishAt: "Scheduled publish date",
    publishedAt: "Published",
    hideOrder: "Hide chapter order",
    hideDefaultOrder: "Hide default order",
    hidden: "Hidden",
    donateTeamIds: "Teams shown in the donate section",
    creditTeamIds: "Teams shown in the credits",
    hideDonate: "Hide the donate section",
    hideCredit: "Hide the credit pages",
    publishDelayHours: "Publish delay (hours)",
    splitTallStrips: "Split tall strips",
    filename: "File name",
    size: "File size",
    collaboratingTeamIds: "Collaborating teams",
    scrambled: "Scrambled upload",
    config: "Advanced config",
    keys: "Scramble keys",
    clientIds: "Image files",
    clientId: "Image file",
    key: "Scramble key",
    pageId: "Page",
    pageIds: "Pages",
    kept: "Keep",
    publish: "Publish",
    visible: "Visible",
  },
  chapters: {
    pageDuplicate: "A page appears more than once in the list",
    clientIdTaken: "This image file is already another page of the chapter",
    pageNotFound:
      "A page is no longer in this chapter (it may have just been removed elsewhere); reload the page",
    pageUnchecked: "This page has not been checked, so it cannot be kept",
    pageNotStored: "Page {{position}} has not finished uploading; upload it again before publishing",
    rangeInvalid: "The first chapter must be lower than or equal to the last chapter",
    teamNotFound: "A selected team does not exist",
    orderTaken: "Your team already has chapter {{order}} in this comic",
    idMismatch: "The chapter id does not match the path",
    published: "Chapter published",
    scheduled: "Chapter scheduled",
    volumeUpdated: "Volume updated for {{count}} chapters",
    state: {
      draft: "Draft",
      scheduled: "Scheduled",
      hidden: "Hidden",
      visible: "Published",
    },
    sort: {
      asc: "Ascending",
      desc: "Descending",
    },
  },
};

export const chaptersMessages = { vi, en } as const;
