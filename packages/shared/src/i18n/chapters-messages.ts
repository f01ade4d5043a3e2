/**
 * Message keys of the chapters feature (issue 6). The server registers them with
 * `registerMessages` (./messages.ts, from apps/api/src/lib/messages.ts); the dashboard loads them
 * with the chapter pages. The spec §5 chapter rules themselves use base keys that already exist:
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
    donateTeamIds: "Nhóm hiển thị donate",
    creditTeamIds: "Nhóm hiển thị credit",
    hideDonate: "Ẩn donate",
    hideCredit: "Ẩn credit",
    collaboratingTeamIds: "Nhóm cộng tác",
    scrambled: "Xáo trộn trang",
    config: "Cấu hình nâng cao",
    keys: "Mã khóa trang",
    clientIds: "Mã tệp",
    clientId: "Mã tệp",
    key: "Mã khóa trang",
    pageId: "Trang",
    publish: "Đăng",
    visible: "Đang hiển thị",
  },
  chapters: {
    pageDuplicate: "Một trang xuất hiện nhiều lần trong danh sách",
    pageNotFound: "Không tìm thấy trang #{{id}} trong chương này",
    pageNotStored: "Trang #{{id}} chưa được tải lên xong, hãy tải lên lại trước khi đăng",
    rangeInvalid: "Chương bắt đầu phải nhỏ hơn hoặc bằng chương kết thúc",
    teamNotFound: "Không tìm thấy nhóm đã chọn",
    orderTaken: "Nhóm đã có chương số {{order}} trong truyện này (chương #{{id}})",
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
    donateTeamIds: "Teams shown for donate",
    creditTeamIds: "Teams shown for credit",
    hideDonate: "Hide donate",
    hideCredit: "Hide credit",
    collaboratingTeamIds: "Collaborating teams",
    scrambled: "Scramble pages",
    config: "Advanced config",
    keys: "Page keys",
    clientIds: "File ids",
    clientId: "File id",
    key: "Page key",
    pageId: "Page",
    publish: "Publish",
    visible: "Visible",
  },
  chapters: {
    pageDuplicate: "A page appears more than once in the list",
    pageNotFound: "Page #{{id}} is not in this chapter",
    pageNotStored: "Page #{{id}} has not finished uploading; upload it again before publishing",
    rangeInvalid: "The first chapter must be lower than or equal to the last chapter",
    teamNotFound: "A selected team does not exist",
    orderTaken: "The team already has chapter {{order}} in this comic (chapter #{{id}})",
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
