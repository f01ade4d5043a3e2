/** Two letters for an avatar or logo fallback ("Hoa Mai" -> "HM"). */
export function initials(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  const letters =
    words.length > 1 ? [words[0]![0], words[words.length - 1]![0]] : [...(words[0] ?? "")].slice(0, 2);
  return letters.join("").toLocaleUpperCase() || "?";
}
