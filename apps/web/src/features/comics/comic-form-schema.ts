/**
 * The comic form (create and edit): its values, their validation (the contract's rules for the
 * text fields, so web and API agree), and the mapping to the `POST/PUT /api/comics` bodies.
 * People are picks (an existing id, or a new name the server creates); couples are pairs of
 * characters that already exist (the couples editor creates new ones at once).
 */

import type { ComicDetail } from "@vt/shared/api-schemas";
import {
  COMIC_COUPLES_MAX,
  COMIC_GENRES_MAX,
  COMIC_PEOPLE_MAX,
  type TComicStatus,
  type TUpdateComicRequest,
  ZComicStatus,
  ZGenreSlug,
  ZUpdateComicRequest,
} from "@vt/shared/contracts/comics";
import { DOUJINSHI_GENRE } from "@vt/shared/genres";
import { z } from "zod";

const ZPick = z.object({ id: z.number().int().optional(), name: z.string() });
const ZRef = z.object({ id: z.number().int(), name: z.string() });
const fields = ZUpdateComicRequest.shape;

export const ZComicFormValues = z.object({
  title: fields.title,
  anotherName: fields.anotherName,
  description: fields.description,
  status: ZComicStatus,
  authors: z.array(ZPick).max(COMIC_PEOPLE_MAX, { error: "validation.tooBig" }),
  artists: z.array(ZPick).max(COMIC_PEOPLE_MAX, { error: "validation.tooBig" }),
  syncArtistsWithAuthors: z.boolean(),
  genres: z.array(ZGenreSlug).max(COMIC_GENRES_MAX, { error: "validation.tooBig" }),
  isMature: z.boolean(),
  couples: z
    .array(z.tuple([ZRef.nullable(), ZRef.nullable()]))
    .max(COMIC_COUPLES_MAX, { error: "validation.tooBig" })
    .refine((couples) => couples.every(([a, b]) => a && b && a.id !== b.id), {
      error: "comics.couples.incomplete",
    }),
});
export type ComicFormInput = z.input<typeof ZComicFormValues>;
export type ComicFormValues = z.output<typeof ZComicFormValues>;

/** The create form adds the acting team and the cover file. */
export const ZCreateComicFormValues = ZComicFormValues.extend({
  teamId: z
    .number({ error: () => "validation.teamRequired" })
    .int()
    .min(1, { error: "validation.teamRequired" }),
  cover: z.instanceof(File, { error: () => "validation.coverRequired" }),
});
export type CreateComicFormInput = Omit<z.input<typeof ZCreateComicFormValues>, "teamId" | "cover"> & {
  teamId: number | null;
  cover: File | null;
};
export type CreateComicFormValues = z.output<typeof ZCreateComicFormValues>;

export const isDoujinshi = (genres: readonly string[]) => genres.includes(DOUJINSHI_GENRE);

/** The body of `PUT /api/comics/{id}` (and of POST, with teamId and thumbnail added). */
export function toComicRequest(values: ComicFormValues): TUpdateComicRequest {
  const doujinshi = isDoujinshi(values.genres);
  const person = (pick: { id?: number; name: string }) => pick.id ?? pick.name.trim();
  return {
    title: values.title,
    anotherName: values.anotherName,
    description: values.description,
    status: values.status,
    authors: values.authors.map(person),
    artists: values.syncArtistsWithAuthors ? [] : values.artists.map(person),
    syncArtistsWithAuthors: values.syncArtistsWithAuthors,
    genres: values.genres,
    isMature: values.isMature,
    isDoujinshi: doujinshi,
    couples: doujinshi
      ? values.couples.flatMap(([a, b]) => (a && b ? [[a.id, b.id] as [number, number]] : []))
      : [],
  };
}

export const emptyComicForm = (status: TComicStatus = "ongoing"): ComicFormInput => ({
  title: "",
  anotherName: "",
  description: "",
  status,
  authors: [],
  artists: [],
  syncArtistsWithAuthors: false,
  genres: [],
  isMature: false,
  couples: [],
});

/** The edit form's starting values: the comic as stored. */
export function comicToForm(comic: ComicDetail): ComicFormInput {
  const genres = comic.genres.filter(
    (slug) => ZGenreSlug.safeParse(slug).success,
  ) as ComicFormInput["genres"];
  if (comic.isDoujinshi && !genres.includes(DOUJINSHI_GENRE)) genres.push(DOUJINSHI_GENRE);
  return {
    title: comic.title,
    anotherName: comic.anotherName,
    description: comic.description,
    status: comic.status,
    authors: comic.authors.map(({ id, name }) => ({ id, name })),
    artists: comic.artists.map(({ id, name }) => ({ id, name })),
    syncArtistsWithAuthors: comic.syncArtistsWithAuthors,
    genres,
    isMature: comic.isMature,
    // The document has no tuples (OpenAPI 3.0): a stored couple is a list of its two characters.
    couples: comic.couples.map(([a, b]) => [a ?? null, b ?? null]),
  };
}
