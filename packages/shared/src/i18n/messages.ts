/**
 * The message catalogue shared by the API (server messages, 422 bodies) and
 * the web (i18next resources). Vietnamese is the default and fallback
 * language; English must have exactly the same keys (checked by the type of
 * `en` and by a test). Placeholders use i18next syntax: `{{name}}`.
 */
import { DEFAULT_LANG, LANGUAGES, type Lang } from "../constants";

const vi = {
  validation: {
    passwordsDoNotMatch: "Mật khẩu không khớp",
    termsRequired: "Bạn phải đồng ý với điều khoản và điều kiện",
    required: "{{field}} là bắt buộc",
    requiredFieldsMissing: "Vui lòng điền đầy đủ các trường bắt buộc",
    emailInvalid: "Email không hợp lệ",
    linkInvalid: "Liên kết không hợp lệ",
    coverRequired: "Vui lòng tải lên ảnh bìa truyện",
    coverRatio: "Ảnh bìa phải là ảnh dọc tỉ lệ 3:4, kích thước tối thiểu 600x800 px",
    scheduleInFuture: "Thời gian hẹn đăng phải sau thời điểm hiện tại",
    notAnImage: "Tệp không phải là hình ảnh",
    fileTooLarge: "Tệp quá lớn, dung lượng tối đa là {{max}} MB",
    fileTypeInvalid: "Định dạng tệp không hợp lệ. Chỉ chấp nhận: {{types}}",
    tooManyFiles: "Quá nhiều tệp, tối đa {{max}} tệp",
    teamRequired: "Vui lòng chọn nhóm",
    comicRequired: "Vui lòng chọn truyện",
    reasonRequired: "Vui lòng nhập lý do",
    mergeSelf: "Không thể gộp truyện vào chính nó",
    hiddenOrderNeedsTitle: "Hãy nhập tên chương hoặc bỏ ẩn số thứ tự chương",
    chapterOrderInvalid: "Số thứ tự chương không hợp lệ",
    pagesRequired: "Phải tải lên ít nhất 1 trang",
    tooShort: "Phải có ít nhất {{min}} ký tự",
    tooLong: "Không được vượt quá {{max}} ký tự",
    tooSmall: "Giá trị phải lớn hơn hoặc bằng {{min}}",
    tooBig: "Giá trị phải nhỏ hơn hoặc bằng {{max}}",
    invalid: "Giá trị không hợp lệ",
  },
  errors: {
    BAD_REQUEST: "Yêu cầu không hợp lệ",
    UNAUTHORIZED: "Bạn cần đăng nhập để tiếp tục",
    FORBIDDEN: "Bạn không có quyền thực hiện thao tác này",
    NOT_FOUND: "Không tìm thấy dữ liệu",
    CONFLICT: "Dữ liệu bị xung đột hoặc đã tồn tại",
    PAYLOAD_TOO_LARGE: "Dữ liệu gửi lên quá lớn",
    UNSUPPORTED_MEDIA_TYPE: "Định dạng tệp không được hỗ trợ",
    VALIDATION: "Dữ liệu không hợp lệ",
    RATE_LIMITED: "Bạn thao tác quá nhanh, vui lòng thử lại sau",
    INTERNAL: "Máy chủ gặp lỗi, vui lòng thử lại sau",
    SERVICE_UNAVAILABLE: "Dịch vụ tạm thời không khả dụng, vui lòng thử lại sau",
    generic: "Đã xảy ra lỗi",
    updateFailed: "Cập nhật thất bại",
    uploadFailed: "Tải lên thất bại",
    userNotFound: "Không tìm thấy người dùng",
    chapterNoPages: "Chương không có trang nào",
    unknown: "Lỗi không xác định",
    image: {
      canvasContext: "Không thể tạo ngữ cảnh canvas",
      failedToCreateImage: "Không thể tạo hình ảnh",
      invalidKeyCode: "Mã khóa không hợp lệ",
      checksumMismatch: "Mã kiểm tra không khớp",
      invalidBase58Character: "Ký tự base58 không hợp lệ",
      contextUnavailable: "Ngữ cảnh canvas không khả dụng",
      invalidScrambledHeight: "Chiều cao ảnh đã xáo trộn không hợp lệ",
      blobCreation: "Lỗi khi tạo blob từ hình ảnh",
      toBlobFailed: "toBlob thất bại",
    },
    kind: {
      cannotConnect: "Không thể kết nối tới máy chủ",
      timeout: "Yêu cầu đã quá thời gian chờ",
      server: "Máy chủ gặp sự cố",
      unauthorized: "Phiên đăng nhập đã hết hạn, vui lòng đăng nhập lại",
      forbidden: "Bạn không có quyền truy cập",
      notFound: "Không tìm thấy",
      rejected: "Yêu cầu bị từ chối",
      cancelled: "Yêu cầu đã bị hủy",
      unknown: "Lỗi không xác định",
    },
  },
  success: {
    updated: "Cập nhật thành công",
    deleted: "Xóa thành công",
    created: "Tạo thành công",
    merged: "Gộp truyện thành công",
    permissionRequested: "Đã gửi yêu cầu cấp quyền",
    deleteRequested: "Đã gửi yêu cầu xóa",
    mergeRequested: "Đã gửi yêu cầu gộp",
  },
  fields: {
    generic: "Trường này",
    name: "Tên",
    email: "Email",
    password: "Mật khẩu",
    passwordConfirmation: "Xác nhận mật khẩu",
    terms: "Điều khoản và điều kiện",
    title: "Tiêu đề",
    anotherName: "Tên khác",
    anotherNames: "Tên khác",
    description: "Mô tả",
    status: "Trạng thái",
    reason: "Lý do",
    order: "Số thứ tự",
    volume: "Tập",
    avatar: "Ảnh đại diện",
    website: "Website",
    twitter: "Twitter",
    instagram: "Instagram",
    discord: "Discord",
    facebook: "Facebook",
    team: "Nhóm",
    teamId: "Nhóm",
    comic: "Truyện",
    comicId: "Truyện",
    targetComicId: "Truyện đích",
    chapter: "Chương",
    authors: "Tác giả",
    artists: "Họa sĩ",
    characters: "Nhân vật",
    couples: "Cặp đôi",
    genres: "Thể loại",
    thumbnail: "Ảnh bìa",
    cover: "Ảnh bìa",
    logo: "Logo",
    pages: "Trang",
    scheduledAt: "Thời gian hẹn đăng",
    establishedAt: "Ngày thành lập",
    role: "Vai trò",
    content: "Nội dung",
    qrCode: "Mã QR",
    mature: "Nội dung 18+",
    fromChapterOrder: "Từ chương",
    toChapterOrder: "Đến chương",
  },
  chapter: {
    label: {
      oneshot: "Oneshot",
      oneshotNamed: "Oneshot - {{name}}",
      numbered: "Chương {{order}}",
      numberedNamed: "Chương {{order}} - {{name}}",
    },
  },
  comicStatus: {
    all: "Tất cả",
    upcoming: "Sắp ra mắt",
    ongoing: "Đang tiến hành",
    completed: "Đã hoàn thành",
    hiatus: "Tạm dừng",
    canceled: "Đã hủy bỏ",
    "delete-requested": "Có yêu cầu xóa",
    "merge-requested": "Có yêu cầu gộp",
  },
  comicSort: {
    newest: "Mới nhất",
    oldest: "Cũ nhất",
  },
} as const;

/** The catalogue's shape with every leaf widened to string: other languages must match it key for key. */
type Catalogue<T> = { readonly [K in keyof T]: T[K] extends string ? string : Catalogue<T[K]> };

const en: Catalogue<typeof vi> = {
  validation: {
    passwordsDoNotMatch: "Passwords do not match",
    termsRequired: "You must accept the terms and conditions",
    required: "{{field}} is required",
    requiredFieldsMissing: "Required fields are missing",
    emailInvalid: "Invalid email address",
    linkInvalid: "Invalid link",
    coverRequired: "A comic cover image must be uploaded",
    coverRatio: "The cover must be a portrait image with a 3:4 ratio, at least 600x800 px",
    scheduleInFuture: "The scheduled date must be later than the current date",
    notAnImage: "The file is not an image",
    fileTooLarge: "File too large, the maximum is {{max}} MB",
    fileTypeInvalid: "Invalid file type. Allowed types: {{types}}",
    tooManyFiles: "Too many files, the maximum is {{max}}",
    teamRequired: "Please select a team",
    comicRequired: "Please select a comic",
    reasonRequired: "Please enter a reason",
    mergeSelf: "A comic cannot be merged into itself",
    hiddenOrderNeedsTitle: "Enter a chapter title, or do not hide the chapter order",
    chapterOrderInvalid: "Invalid chapter order",
    pagesRequired: "At least 1 page must be uploaded",
    tooShort: "Must be at least {{min}} characters",
    tooLong: "Must be at most {{max}} characters",
    tooSmall: "Must be greater than or equal to {{min}}",
    tooBig: "Must be less than or equal to {{max}}",
    invalid: "Invalid value",
  },
  errors: {
    BAD_REQUEST: "Bad request",
    UNAUTHORIZED: "You need to sign in to continue",
    FORBIDDEN: "You do not have permission to do this",
    NOT_FOUND: "Not found",
    CONFLICT: "This conflicts with existing data",
    PAYLOAD_TOO_LARGE: "The upload is too large",
    UNSUPPORTED_MEDIA_TYPE: "Unsupported file type",
    VALIDATION: "Some fields are invalid",
    RATE_LIMITED: "Too many requests, please try again later",
    INTERNAL: "Something went wrong on the server, please try again later",
    SERVICE_UNAVAILABLE: "The service is temporarily unavailable, please try again later",
    generic: "Something went wrong",
    updateFailed: "Update failed",
    uploadFailed: "Upload failed",
    userNotFound: "User not found",
    chapterNoPages: "Chapter has no pages",
    // Spelled so on purpose: the spec's message-extraction fallback text.
    unknown: "Unkown error",
    image: {
      canvasContext: "Could not create canvas context",
      failedToCreateImage: "Failed to create image",
      invalidKeyCode: "Invalid key code",
      checksumMismatch: "Checksum mismatch",
      invalidBase58Character: "Invalid base58 character",
      contextUnavailable: "Context unavailable",
      invalidScrambledHeight: "Invalid scrambled image height",
      blobCreation: "Error creating a blob from the image",
      toBlobFailed: "toBlob failed",
    },
    kind: {
      cannotConnect: "Cannot connect to the server",
      timeout: "The request timed out",
      server: "The server ran into a problem",
      unauthorized: "Your session has expired, please sign in again",
      forbidden: "You do not have access",
      notFound: "Not found",
      rejected: "The request was rejected",
      cancelled: "The request was cancelled",
      unknown: "Unknown error",
    },
  },
  success: {
    updated: "Updated successfully",
    deleted: "Deleted successfully",
    created: "Created successfully",
    merged: "Comics merged successfully",
    permissionRequested: "Permission request sent",
    deleteRequested: "Delete request sent",
    mergeRequested: "Merge request sent",
  },
  fields: {
    generic: "This field",
    name: "Name",
    email: "Email",
    password: "Password",
    passwordConfirmation: "Password confirmation",
    terms: "Terms and conditions",
    title: "Title",
    anotherName: "Other name",
    anotherNames: "Other names",
    description: "Description",
    status: "Status",
    reason: "Reason",
    order: "Order",
    volume: "Volume",
    avatar: "Avatar",
    website: "Website",
    twitter: "Twitter",
    instagram: "Instagram",
    discord: "Discord",
    facebook: "Facebook",
    team: "Team",
    teamId: "Team",
    comic: "Comic",
    comicId: "Comic",
    targetComicId: "Target comic",
    chapter: "Chapter",
    authors: "Authors",
    artists: "Artists",
    characters: "Characters",
    couples: "Couples",
    genres: "Genres",
    thumbnail: "Cover image",
    cover: "Cover image",
    logo: "Logo",
    pages: "Pages",
    scheduledAt: "Scheduled date",
    establishedAt: "Established date",
    role: "Role",
    content: "Content",
    qrCode: "QR code",
    mature: "Mature content (18+)",
    fromChapterOrder: "From chapter",
    toChapterOrder: "To chapter",
  },
  chapter: {
    label: {
      oneshot: "Oneshot",
      oneshotNamed: "Oneshot - {{name}}",
      numbered: "Chapter {{order}}",
      numberedNamed: "Chapter {{order}} - {{name}}",
    },
  },
  comicStatus: {
    all: "All",
    upcoming: "Upcoming",
    ongoing: "Ongoing",
    completed: "Completed",
    hiatus: "On hiatus",
    canceled: "Canceled",
    "delete-requested": "Delete requested",
    "merge-requested": "Merge requested",
  },
  comicSort: {
    newest: "Newest",
    oldest: "Oldest",
  },
};

export const messages = { vi, en } as const;
export type Messages = typeof vi;

/** Every dotted key of the catalogue, e.g. "validation.required" | "errors.image.checksumMismatch". */
export type MessageKey = LeafPaths<Messages>;
type LeafPaths<T, P extends string = ""> = {
  [K in keyof T & string]: T[K] extends string ? `${P}${K}` : LeafPaths<T[K], `${P}${K}.`>;
}[keyof T & string];

export type TranslateParams = Record<string, unknown>;

/**
 * Feature catalogues (teams, comics, chapters...) kept in their own files so the browser only
 * downloads them with the pages that use them. The server registers all of them at start-up
 * (apps/api/src/lib/messages.ts); lookups try the base catalogue first, then each feature one.
 */
export type FeatureCatalogue = { readonly vi: object; readonly en: object };
const featureCatalogues: FeatureCatalogue[] = [];

export function registerMessages(...catalogues: FeatureCatalogue[]): void {
  for (const catalogue of catalogues) {
    if (!featureCatalogues.includes(catalogue)) featureCatalogues.push(catalogue);
  }
}

function lookupIn(root: unknown, key: string): string | undefined {
  let node: unknown = root;
  for (const part of key.split(".")) {
    if (node === null || typeof node !== "object" || !Object.hasOwn(node, part)) return undefined;
    node = (node as Record<string, unknown>)[part];
  }
  return typeof node === "string" ? node : undefined;
}

function lookup(lang: Lang, key: string): string | undefined {
  const base = lookupIn(messages[lang], key);
  if (base !== undefined) return base;
  for (const catalogue of featureCatalogues) {
    const found = lookupIn(catalogue[lang], key);
    if (found !== undefined) return found;
  }
  return undefined;
}

/** Replaces `{{name}}` (spaces allowed inside the braces); unknown placeholders are left as written. */
export function interpolate(template: string, params?: TranslateParams): string {
  if (!params) return template;
  return template.replace(/\{\{\s*([\w.-]+)\s*\}\}/g, (whole, name: string) => {
    const value = params[name];
    return value === undefined || value === null ? whole : String(value);
  });
}

export function hasMessage(key: string, lang: Lang = DEFAULT_LANG): boolean {
  return lookup(lang, key) !== undefined;
}

/** Translates a dotted key; falls back to Vietnamese, then to the key itself. */
export function translate(lang: Lang, key: MessageKey | (string & {}), params?: TranslateParams): string {
  const template = lookup(lang, key) ?? lookup(DEFAULT_LANG, key);
  return template === undefined ? key : interpolate(template, params);
}

/**
 * Picks a supported language from a header value such as `x-custom-lang: vi`
 * or `Accept-Language: en-US,en;q=0.9`; anything else gives Vietnamese.
 */
export function resolveLang(value: string | null | undefined): Lang {
  if (!value) return DEFAULT_LANG;
  for (const part of value.split(",")) {
    const base = part.split(";")[0]!.trim().toLowerCase().split("-")[0];
    const found = LANGUAGES.find((l) => l === base);
    if (found) return found;
  }
  return DEFAULT_LANG;
}

/** The parts of a zod issue this module reads (structurally compatible with zod 4's issues). */
export type IssueLike = {
  message: string;
  path: readonly PropertyKey[];
  minimum?: unknown;
  maximum?: unknown;
};

function fieldName(path: readonly PropertyKey[], lang: Lang): string {
  const last = [...path].reverse().find((p) => typeof p === "string");
  if (typeof last !== "string") return translate(lang, "fields.generic");
  const key = `fields.${last}`;
  return hasMessage(key, lang) || hasMessage(key) ? translate(lang, key) : last;
}

function limit(value: unknown): string | undefined {
  if (value === undefined || value === null) return undefined;
  if (value instanceof Date) return value.toISOString();
  return String(value);
}

/**
 * Turns one issue whose message is a catalogue key into text: `{{field}}` is
 * the translated name of the last string path segment (`fields.<name>`, or
 * the raw name when the catalogue has none), `{{min}}`/`{{max}}` come from the
 * issue's bounds. A message that is not a key (a zod default) is kept as is.
 */
export function zodIssueToMessage(issue: IssueLike, lang: Lang): string {
  if (!hasMessage(issue.message)) return issue.message;
  return translate(lang, issue.message, {
    field: fieldName(issue.path, lang),
    min: limit(issue.minimum),
    max: limit(issue.maximum),
  });
}

/** Translated messages for a list of zod issues, e.g. the `errors` of a 422 body. */
export function zodIssuesToMessages(issues: readonly IssueLike[], lang: Lang): string[] {
  return issues.map((issue) => zodIssueToMessage(issue, lang));
}

/** The first translated message per field path ("pages.0.url"), for forms; form-level issues go under "". */
export function zodIssuesToFieldMessages(issues: readonly IssueLike[], lang: Lang): Record<string, string> {
  const out: Record<string, string> = {};
  for (const issue of issues) {
    const path = issue.path.map(String).join(".");
    out[path] ??= zodIssueToMessage(issue, lang);
  }
  return out;
}
