import type { ComicDetail } from "@vt/shared/api-schemas";
import { ZUpdateComicRequest } from "@vt/shared/contracts/comics";
import { describe, expect, it } from "vitest";
import {
  comicToForm,
  emptyComicForm,
  toComicRequest,
  ZComicFormValues,
  ZCreateComicFormValues,
} from "./comic-form-schema";

const values = (overrides: Partial<ReturnType<typeof emptyComicForm>> = {}) =>
  ZComicFormValues.parse({ ...emptyComicForm(), title: "Thanh Gươm", ...overrides });

describe("comic form", () => {
  it("names the missing title, team and cover with their own messages", () => {
    const result = ZCreateComicFormValues.safeParse({ ...emptyComicForm(), teamId: null, cover: null });
    expect(result.success).toBe(false);
    const messages = Object.fromEntries(result.error!.issues.map((issue) => [issue.path[0], issue.message]));
    expect(messages).toEqual({
      title: "validation.required",
      teamId: "validation.teamRequired",
      cover: "validation.coverRequired",
    });
  });

  it("sends existing people by id and new ones by name, and the contract accepts the body", () => {
    const body = toComicRequest(
      values({
        authors: [{ id: 4, name: "Gotouge" }, { name: " Tác giả mới " }],
        artists: [{ id: 9, name: "A" }],
      }),
    );
    expect(body.authors).toEqual([4, "Tác giả mới"]);
    expect(body.artists).toEqual([9]);
    expect(ZUpdateComicRequest.safeParse(body).success).toBe(true);
  });

  it("drops artists when they follow the authors", () => {
    const body = toComicRequest(values({ syncArtistsWithAuthors: true, artists: [{ id: 9, name: "A" }] }));
    expect(body.artists).toEqual([]);
    expect(body.syncArtistsWithAuthors).toBe(true);
  });

  it("keeps couples only for a doujinshi, and refuses an incomplete or same-character couple", () => {
    const a = { id: 1, name: "Nezuko" };
    const b = { id: 2, name: "Kanao" };
    expect(toComicRequest(values({ genres: ["doujinshi"], couples: [[a, b]] }))).toMatchObject({
      isDoujinshi: true,
      couples: [[1, 2]],
    });
    expect(toComicRequest(values({ genres: ["action"], couples: [[a, b]] }))).toMatchObject({
      isDoujinshi: false,
      couples: [],
    });
    expect(ZComicFormValues.safeParse({ ...values(), couples: [[a, null]] }).success).toBe(false);
    expect(ZComicFormValues.safeParse({ ...values(), couples: [[a, a]] }).success).toBe(false);
  });

  it("starts the edit form from the stored comic", () => {
    const comic = {
      title: "T",
      anotherName: "",
      description: "",
      status: "completed",
      authors: [{ id: 1, name: "X" }],
      artists: [],
      syncArtistsWithAuthors: true,
      genres: ["romance", "gone-genre"],
      isMature: true,
      isDoujinshi: true,
      couples: [
        [
          { id: 1, name: "A" },
          { id: 2, name: "B" },
        ],
      ],
    } as unknown as ComicDetail;
    expect(comicToForm(comic)).toMatchObject({
      status: "completed",
      genres: ["romance", "doujinshi"],
      isMature: true,
      couples: [[{ id: 1 }, { id: 2 }]],
    });
  });
});
