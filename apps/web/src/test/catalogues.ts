/**
 * Both web catalogues whole, as tests read them: English, and Vietnamese with every chunk (first
 * load, signed in, teams, comics, chapters, review, power) merged in; `leaves` lists their texts by
 * dotted key.
 */
import { mergeMessages } from "@/locales/merge-messages";
import { en } from "@/locales/resources-en";
import { viFirstLoad } from "@/locales/resources-vi";
import { signedInVi } from "@/locales/resources-vi-signed-in";
import { chaptersVi } from "@/locales/vi/chapters";
import { comicsVi } from "@/locales/vi/comics";
import { powerVi } from "@/locales/vi/power";
import { reviewVi } from "@/locales/vi/review";
import { teams } from "@/locales/vi/teams";

export { en };

export const vi = mergeMessages(
  mergeMessages(
    mergeMessages(
      mergeMessages(mergeMessages(mergeMessages(viFirstLoad, signedInVi), { teams }), comicsVi),
      chaptersVi,
    ),
    reviewVi,
  ),
  powerVi,
);

export function leaves(tree: object, prefix = ""): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    if (typeof value === "string") out.set(`${prefix}${key}`, value);
    else for (const [k, v] of leaves(value as object, `${prefix}${key}.`)) out.set(k, v);
  }
  return out;
}
