// @vitest-environment node
// Node's own fetch, Request, FormData and File (as in a browser), not jsdom's stand-ins that undici cannot read.
import { describe, expect, it } from "vitest";
import { BASE, client, failureOf, fakeXhr, type Seen, server, type XhrSeen } from "@/test/api-client-fakes";
import { createApiClient } from "./api-client";

describe("api client requests", () => {
  it("returns the data of an ok result and sends credentials, origin and language on every call", async () => {
    const seen: Seen = {};
    const data = await client(server(200, { id: 7 }, seen)).get("/api/comics/{comicId}", {
      params: { path: { comicId: 7 } },
    });
    expect(data).toEqual({ id: 7 });
    expect(seen.request?.url).toBe(`${BASE}/api/comics/7`);
    expect(seen.request?.method).toBe("GET");
    expect(seen.request?.credentials).toBe("include");
    expect(seen.request?.headers.get("x-app-origin")).toBe("https://studio.example");
    expect(seen.request?.headers.get("x-custom-lang")).toBe("en");
  });

  it("serializes query parameters, leaving out empty ones", async () => {
    const seen: Seen = {};
    await client(server(200, { comics: [] }, seen)).get("/api/comics", {
      params: { query: { page: 2, search: undefined, scope: "mine" } },
    });
    expect(seen.request?.url).toBe(`${BASE}/api/comics?page=2&scope=mine`);
  });

  it("hands a preloaded GET's answer to the first get of the same URL while fresh, and only to it", async () => {
    let sent = 0;
    let clock = 0;
    const urls: string[] = [];
    const api = createApiClient({
      baseUrl: BASE,
      now: () => clock,
      getOrigin: () => BASE,
      fetch: async (request) => {
        sent += 1;
        urls.push(request.url);
        expect(request.headers.get("x-app-origin")).toBe(BASE);
        return new Response(JSON.stringify({ n: sent }), { headers: { "content-type": "application/json" } });
      },
    });
    const query = { scope: "mine", page: 1 } as const;
    api.preload("/api/comics", { params: { query } });
    expect(sent).toBe(1);
    // Another URL is asked for itself; the same URL takes the preloaded answer, once.
    expect(await api.get("/api/comics", { params: { query: { ...query, page: 2 } } })).toEqual({ n: 2 });
    expect(await api.get("/api/comics", { params: { query } })).toEqual({ n: 1 });
    expect(await api.get("/api/comics", { params: { query } })).toEqual({ n: 3 });
    // A preload older than 10 s is not used.
    api.preload("/api/comics", { params: { query } });
    clock += 10_001;
    expect(await api.get("/api/comics", { params: { query } })).toEqual({ n: 5 });
    expect(urls[0]).toBe(`${BASE}/api/comics?scope=mine&page=1`);
    // A write (signing in or out) drops what was preloaded.
    api.preload("/api/comics", { params: { query } });
    await api.post("/api/users/logout", undefined as never);
    expect(await api.get("/api/comics", { params: { query } })).toEqual({ n: 8 });
  });

  it("asks again when the preloaded answer is a refusal (preloaded before signing in)", async () => {
    let sent = 0;
    const api = createApiClient({
      baseUrl: BASE,
      getOrigin: () => BASE,
      fetch: async () => {
        sent += 1;
        return sent === 1
          ? new Response(JSON.stringify({ message: "Chưa đăng nhập" }), { status: 401 })
          : new Response(JSON.stringify({ comics: [] }), { headers: { "content-type": "application/json" } });
      },
    });
    api.preload("/api/comics", { params: { query: { page: 1 } } });
    expect(await api.get("/api/comics", { params: { query: { page: 1 } } })).toEqual({ comics: [] });
    expect(sent).toBe(2);
  });

  it("sends post, put, patch and delete with their method and JSON body", async () => {
    const seen: Seen = {};
    const api = client(server(200, { ok: true }, seen));
    await api.post("/api/teams", { name: "Hoa" });
    expect(seen.request?.method).toBe("POST");
    expect(seen.request?.headers.get("content-type")).toBe("application/json");
    expect(await seen.request?.json()).toEqual({ name: "Hoa" });
    await api.put("/api/teams/{teamId}", { name: "Lá" }, { params: { path: { teamId: 1 } } });
    expect(seen.request?.method).toBe("PUT");
    expect(await seen.request?.json()).toEqual({ name: "Lá" });
    await api.patch("/api/admin/users/{id}", { disabled: true }, { params: { path: { id: 3 } } });
    expect(seen.request?.method).toBe("PATCH");
    expect(await seen.request?.json()).toEqual({ disabled: true });
    await api.delete("/api/teams/{teamId}", { params: { path: { teamId: 1 } } });
    expect(seen.request?.method).toBe("DELETE");
    expect(seen.request?.url).toBe(`${BASE}/api/teams/1`);
  });

  it("an empty answer (204) is undefined", async () => {
    const result = await client(server(204, "")).post("/api/users/logout");
    expect(result).toBeUndefined();
  });

  it("download posts and returns a Blob, reporting progress", async () => {
    const seen: Seen = {};
    const progress: (number | undefined)[] = [];
    const transport = async (request: Request) => {
      seen.request = request;
      return new Response(new Blob(["zipz"], { type: "application/zip" }), {
        status: 200,
        headers: { "content-length": "4", "content-type": "application/zip" },
      });
    };
    const result = await client(transport).download("/api/users/logout", undefined, {
      onProgress: (p) => progress.push(p.percent),
    });
    expect(result).toBeInstanceOf(Blob);
    expect(await result.text()).toBe("zipz");
    expect(seen.request?.method).toBe("POST");
    expect(progress.at(-1)).toBe(100);
  });

  it("download failures read the JSON error out of the body", async () => {
    const body = { message: "Chapter has no pages", code: "BAD_REQUEST" };
    const error = await failureOf(client(server(400, body)).download("/api/users/logout"));
    expect(error.kind).toBe("rejected");
    expect(error.message).toBe("Chapter has no pages");
    expect(error.code).toBe("BAD_REQUEST");
  });

  it("upload without progress sends one file under `file` with extra fields through fetch", async () => {
    const seen: Seen = {};
    const file = new File(["img"], "trang-1.jpg", { type: "image/jpeg" });
    const result = await client(server(201, { url: "/files/a.jpg" }, seen)).upload(
      "/api/users/avatar",
      file,
      {
        fields: { comicId: 12, scrambled: true, note: undefined, tags: ["a", "b"] },
      },
    );
    expect(result).toEqual({ url: "/files/a.jpg" });
    expect(seen.request?.headers.get("x-app-origin")).toBe("https://studio.example");
    const form = await seen.request!.formData();
    expect((form.get("file") as File).name).toBe("trang-1.jpg");
    expect(form.get("comicId")).toBe("12");
    expect(form.get("scrambled")).toBe("true");
    expect(form.has("note")).toBe(false);
    expect(form.getAll("tags")).toEqual(["a", "b"]);
  });

  it("upload with progress goes through XMLHttpRequest with the same headers and cookies", async () => {
    const seen: XhrSeen = { headers: {} };
    const progress: (number | undefined)[] = [];
    const file = new File(["img"], "trang-1.jpg", { type: "image/jpeg" });
    const xhr = fakeXhr(201, JSON.stringify({ url: "/files/a.jpg" }), seen, [5, 10]);
    const result = await client(server(500, ""), xhr).upload("/api/comics/{comicId}/thumbnail", file, {
      params: { path: { comicId: 4 } },
      onProgress: (p) => progress.push(p.percent),
    });
    expect(result).toEqual({ url: "/files/a.jpg" });
    expect(seen.method).toBe("POST");
    expect(seen.url).toBe(`${BASE}/api/comics/4/thumbnail`);
    expect(seen.withCredentials).toBe(true);
    expect(seen.headers["x-app-origin"]).toBe("https://studio.example");
    expect(seen.headers["x-custom-lang"]).toBe("en");
    expect((seen.body as FormData).get("file")).toBeInstanceOf(File);
    expect(progress).toEqual([50]);
  });

  it("an upload refused with progress is an ApiError of the answer", async () => {
    const body = JSON.stringify({ message: "Quá lớn", code: "PAYLOAD_TOO_LARGE" });
    const xhr = fakeXhr(413, body, { headers: {} });
    const error = await failureOf(
      client(server(500, ""), xhr).upload("/api/users/avatar", new Blob(["x"]), { onProgress: () => {} }),
    );
    expect(error.kind).toBe("rejected");
    expect(error.status).toBe(413);
    expect(error.message).toBe("Quá lớn");
    const offline = fakeXhr(0, "", { headers: {} });
    const lost = await failureOf(
      client(server(500, ""), offline).upload("/api/users/avatar", new Blob(["x"]), { onProgress: () => {} }),
    );
    expect(lost.kind).toBe("cannot-connect");
  });

  it("putDirect PUTs the bytes to the presigned URL without cookies or app headers, with progress", async () => {
    const seen: XhrSeen = { headers: {} };
    const progress: (number | undefined)[] = [];
    const page = new Blob(["abcd"], { type: "image/jpeg" });
    const url = "https://bucket.example/comics/2026/01/a.jpg?X-Amz-Signature=1";
    await client(server(500, ""), fakeXhr(200, "", seen, [3, 4])).putDirect(url, page, {
      headers: { "content-type": "image/jpeg", "content-length": "4" },
      onProgress: (p) => progress.push(p.percent),
    });
    expect(seen.method).toBe("PUT");
    expect(seen.url).toBe(url);
    expect(seen.withCredentials).toBe(false);
    expect(seen.body).toBe(page);
    expect(seen.headers["content-type"]).toBe("image/jpeg");
    // The browser sets the length from the body; the app's headers would fail the bucket's CORS.
    expect(seen.headers).not.toHaveProperty("content-length");
    expect(seen.headers).not.toHaveProperty("x-app-origin");
    expect(progress).toEqual([75]);
    const refusal = fakeXhr(403, "<Error><Code>SignatureDoesNotMatch</Code></Error>", { headers: {} });
    const refused = await failureOf(
      client(server(500, ""), refusal).putDirect("https://b/x", page, { headers: {} }),
    );
    expect(refused.kind).toBe("forbidden");
  });

  it("uploadMany sends every file under `files` with extra fields, fields first", async () => {
    const seen: Seen = {};
    const files = [new File(["1"], "1.jpg"), new File(["2"], "2.jpg"), new File(["3"], "3.png")];
    await client(server(200, { pages: [] }, seen)).uploadMany("/api/chapters/{chapterId}/pages", files, {
      params: { path: { chapterId: 9 } },
      fields: { keys: "[]" },
    });
    expect(seen.request?.url).toBe(`${BASE}/api/chapters/9/pages`);
    const form = await seen.request!.formData();
    expect(form.getAll("files").map((f) => (f as File).name)).toEqual(["1.jpg", "2.jpg", "3.png"]);
    expect(form.get("keys")).toBe("[]");
    expect(form.has("file")).toBe(false);
    // Fields come first, so a streaming multipart reader has them before the first file.
    expect([...form.keys()]).toEqual(["keys", "files", "files", "files"]);
  });
});

describe("api client types (checked by tsc, not run)", () => {
  it("rejects paths, parameters and bodies the OpenAPI document does not have", () => {
    const api = client(server(200, {}));
    const typeOnly = () => {
      // @ts-expect-error not a path of the document
      void api.get("/api/comic/{comicId}", { params: { path: { comicId: 1 } } });
      // @ts-expect-error the path parameter is required
      void api.get("/api/comics/{comicId}");
      // @ts-expect-error a path parameter of the wrong type
      void api.get("/api/comics/{comicId}", { params: { path: { comicId: "1" } } });
      // @ts-expect-error no PUT on this path
      void api.put("/api/comics", {});
      // @ts-expect-error a body field the route does not take
      void api.post("/api/teams", { name: "Hoa", colour: "đỏ" });
      // The answer's type is the document's.
      const answer: Promise<{ comics: unknown[]; total: number }> = api.get("/api/comics");
      return answer;
    };
    expect(typeof typeOnly).toBe("function");
  });
});
