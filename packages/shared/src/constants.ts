/**
 * Business constants and limits (docs/dashboard.md), shared by the API and the web.
 * Byte sizes use binary megabytes (1 MB = 1024 * 1024 bytes), the unit that
 * browsers' File.size and the limit messages ("{{max}} MB") agree on.
 */

const MB = 1024 * 1024;

// ── Pages and images ──────────────────────────────────────────────────────────
export const PAGE_MAX_MB = 7;
export const PAGE_MAX_BYTES = PAGE_MAX_MB * MB;
/** A generous cap for one chapter upload. */
export const MAX_PAGES_PER_UPLOAD = 300;
/** Pages wider than this are downscaled before upload; GIFs are kept unchanged. */
export const MAX_PAGE_WIDTH = 1500;
export const JPEG_QUALITY = 0.95;

export const IMAGE_MIME_TYPES = ["image/jpeg", "image/png", "image/webp", "image/gif"] as const;
export type ImageMimeType = (typeof IMAGE_MIME_TYPES)[number];
/** Human-readable list for `validation.fileTypeInvalid` ({{types}}). */
export const IMAGE_TYPES_LABEL = "JPEG, PNG, WebP, GIF";

// ── Cover (comic thumbnail) ───────────────────────────────────────────────────
export const COVER_MIN_WIDTH = 600;
export const COVER_MIN_HEIGHT = 800;
export const COVER_RATIO_WIDTH = 3;
export const COVER_RATIO_HEIGHT = 4;
/** Allowed relative deviation from 3:4, so that e.g. 601x800 or 1125x1500 pass. */
export const COVER_RATIO_TOLERANCE = 0.01;

// ── Scrambled pages (see docs/scramble-format.md) ─────────────────────────────
export const SCRAMBLE_WIDTH = 1300;
export const SCRAMBLE_STRIPS = 10;
export const SCRAMBLE_GAP = 4;
export const SCRAMBLE_QUALITY = 0.9;
export const SCRAMBLE_KEY_PREFIX_LENGTH = 4;
export const RANDOM_ID_LENGTH = 10;

// ── Chapters ──────────────────────────────────────────────────────────────────
export const CHAPTER_ORDER_ONESHOT = -1;
/** Zip downloads re-encode unscrambled pages at this quality. */
export const DOWNLOAD_JPEG_QUALITY = 0.95;

// ── Shell: sidebar, tooltips, layout ──────────────────────────────────────────
export const MOBILE_BREAKPOINT = 768;
export const SIDEBAR_COOKIE_NAME = "sidebar_state";
export const SIDEBAR_COOKIE_MAX_AGE_SECONDS = 60 * 60 * 24 * 7;
export const SIDEBAR_WIDTH = "16rem";
export const SIDEBAR_WIDTH_MOBILE = "18rem";
export const SIDEBAR_WIDTH_ICON = "3rem";
/** Ctrl/Cmd + this key toggles the sidebar. */
export const SIDEBAR_KEYBOARD_SHORTCUT = "b";
export const TOOLTIP_DELAY_MS = 700;
export const SIDEBAR_TOOLTIP_DELAY_MS = 0;
export const TOOLTIP_SKIP_DELAY_MS = 300;
export const AVATAR_FALLBACK = "CN";

// ── Client cache and storage ──────────────────────────────────────────────────
export const QUERY_CACHE_KEY = "vt-query-cache";
/** Bumping the buster discards every persisted query cache. */
export const QUERY_CACHE_BUSTER = "1";
/** Persisted cache never expires. */
export const QUERY_CACHE_MAX_AGE = Number.POSITIVE_INFINITY;
export const LOCAL_STORAGE_VERSION_KEY = "version";

// ── HTTP ──────────────────────────────────────────────────────────────────────
export const APP_ORIGIN_HEADER = "x-app-origin";
export const LANG_HEADER = "x-custom-lang";
export const LANGUAGES = ["vi", "en"] as const;
export type Lang = (typeof LANGUAGES)[number];
export const DEFAULT_LANG: Lang = "vi";

/**
 * The one e-mail rule (zEmail and the web's sign-in form): a local part, "@", a domain (labels
 * separated by dots) and a top-level domain of at least 2 letters. Here, free of zod, so the
 * sign-in page can check it without loading zod.
 */
export const EMAIL_REGEX =
  /^[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+(?:\.[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+)*@(?:[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?\.)+[A-Za-z]{2,}$/;

/**
 * Header (value `direct`) of a multipart upload the dashboard sends instead because its PUT to the
 * S3 bucket failed with a network error (the bucket's CORS rules): counted in
 * vt_direct_upload_fallbacks_total, the first one of an instance logged as a warning. Here, not in
 * contracts/images.ts, so the dashboard's upload helper does not pull zod into every page.
 */
export const DIRECT_UPLOAD_FALLBACK_HEADER = "x-upload-fallback";
