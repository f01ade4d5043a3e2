import { AVATAR_FALLBACK } from "@vt/shared/constants";

const graphemeSegmenter =
  typeof Intl !== "undefined" && "Segmenter" in Intl
    ? new Intl.Segmenter("vi", { granularity: "grapheme" })
    : null;

/** The user-perceived characters of a word: "Ấn" is two, an emoji is one (never half a pair). */
function graphemes(word: string): string[] {
  return graphemeSegmenter ? Array.from(graphemeSegmenter.segment(word), (s) => s.segment) : Array.from(word);
}

/**
 * Two letters for an avatar or logo fallback: the first and last words' first letters, as
 * Vietnamese names are written family name first ("Nguyễn Văn An" -> "NA", "Hoa Mai" -> "HM"); one
 * word gives its first two letters ("Mây" -> "MÂ"). Accents stay on their letter whatever the
 * Unicode form; words that start with no letter or digit ("(Nhóm)", "-") are skipped. `fallback`
 * when nothing is left.
 */
export function initials(name: string, fallback = "?"): string {
  const words = name
    .normalize("NFC")
    .split(/\s+/)
    .map((word) => word.replace(/^[^\p{L}\p{N}]+/u, ""))
    .filter(Boolean);
  const letters =
    words.length > 1
      ? [graphemes(words[0]!)[0], graphemes(words[words.length - 1]!)[0]]
      : graphemes(words[0] ?? "").slice(0, 2);
  return letters.join("").toLocaleUpperCase("vi") || fallback;
}

/**
 * The signed-in user's avatar fallback: their initials, or 'CN' when they have no name
 * (docs/dashboard.md).
 */
export function userInitials(name: string | null | undefined): string {
  return initials(name ?? "", AVATAR_FALLBACK);
}
