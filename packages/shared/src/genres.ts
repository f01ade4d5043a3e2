/**
 * The seeded genre list (genres are identified by slugs and shown with a display name:
 * docs/platform.md). Comics store slugs; the dashboard shows `name[lang]`. The order is the display
 * order. Adding a genre is adding a line here (the API validates slugs against this list).
 */
import type { Lang } from "./constants";

export interface Genre {
  slug: string;
  name: Record<Lang, string>;
}

export const GENRES = [
  { slug: "action", name: { vi: "Hành động", en: "Action" } },
  { slug: "adventure", name: { vi: "Phiêu lưu", en: "Adventure" } },
  { slug: "comedy", name: { vi: "Hài hước", en: "Comedy" } },
  { slug: "drama", name: { vi: "Chính kịch", en: "Drama" } },
  { slug: "fantasy", name: { vi: "Giả tưởng", en: "Fantasy" } },
  { slug: "isekai", name: { vi: "Chuyển sinh", en: "Isekai" } },
  { slug: "historical", name: { vi: "Lịch sử", en: "Historical" } },
  { slug: "horror", name: { vi: "Kinh dị", en: "Horror" } },
  { slug: "mystery", name: { vi: "Bí ẩn", en: "Mystery" } },
  { slug: "psychological", name: { vi: "Tâm lý", en: "Psychological" } },
  { slug: "romance", name: { vi: "Lãng mạn", en: "Romance" } },
  { slug: "school-life", name: { vi: "Học đường", en: "School life" } },
  { slug: "slice-of-life", name: { vi: "Đời thường", en: "Slice of life" } },
  { slug: "sci-fi", name: { vi: "Khoa học viễn tưởng", en: "Sci-fi" } },
  { slug: "sports", name: { vi: "Thể thao", en: "Sports" } },
  { slug: "supernatural", name: { vi: "Siêu nhiên", en: "Supernatural" } },
  { slug: "martial-arts", name: { vi: "Võ thuật", en: "Martial arts" } },
  { slug: "mecha", name: { vi: "Robot", en: "Mecha" } },
  { slug: "music", name: { vi: "Âm nhạc", en: "Music" } },
  { slug: "cooking", name: { vi: "Ẩm thực", en: "Cooking" } },
  { slug: "tragedy", name: { vi: "Bi kịch", en: "Tragedy" } },
  { slug: "shounen", name: { vi: "Shounen", en: "Shounen" } },
  { slug: "shoujo", name: { vi: "Shoujo", en: "Shoujo" } },
  { slug: "seinen", name: { vi: "Seinen", en: "Seinen" } },
  { slug: "josei", name: { vi: "Josei", en: "Josei" } },
  { slug: "yuri", name: { vi: "Yuri", en: "Yuri" } },
  { slug: "yaoi", name: { vi: "Yaoi", en: "Yaoi" } },
  { slug: "shoujo-ai", name: { vi: "Shoujo Ai", en: "Shoujo Ai" } },
  { slug: "shounen-ai", name: { vi: "Shounen Ai", en: "Shounen Ai" } },
  { slug: "harem", name: { vi: "Harem", en: "Harem" } },
  { slug: "gender-bender", name: { vi: "Chuyển giới", en: "Gender bender" } },
  { slug: "oneshot", name: { vi: "Oneshot", en: "Oneshot" } },
  { slug: "doujinshi", name: { vi: "Doujinshi", en: "Doujinshi" } },
  { slug: "manhwa", name: { vi: "Manhwa", en: "Manhwa" } },
  { slug: "manhua", name: { vi: "Manhua", en: "Manhua" } },
  { slug: "webtoon", name: { vi: "Webtoon", en: "Webtoon" } },
  { slug: "ecchi", name: { vi: "Ecchi", en: "Ecchi" } },
  { slug: "adult", name: { vi: "Người lớn", en: "Adult" } },
] as const satisfies readonly Genre[];

export type GenreSlug = (typeof GENRES)[number]["slug"];
export const GENRE_SLUGS = GENRES.map((g) => g.slug) as [GenreSlug, ...GenreSlug[]];
/** The genre a doujinshi carries: the API keeps it in sync with the comic's `isDoujinshi` flag. */
export const DOUJINSHI_GENRE: GenreSlug = "doujinshi";

const BY_SLUG = new Map<string, Genre>(GENRES.map((g) => [g.slug, g]));

export function isGenreSlug(value: string): value is GenreSlug {
  return BY_SLUG.has(value);
}

/** Display name of a slug in `lang` (the slug itself when unknown). */
export function genreName(slug: string, lang: Lang): string {
  return BY_SLUG.get(slug)?.name[lang] ?? slug;
}
