import {
  type AxiosAdapter,
  AxiosError,
  type AxiosResponse,
  CanceledError,
  type InternalAxiosRequestConfig,
} from "axios";
import { describe, expect, it } from "vitest";
import { createApiClient } from "./api-client";
import { ApiError, getErrorMessage, toApiError } from "./api-error";

type Seen = { config?: InternalAxiosRequestConfig };

/** A transport that answers like a server would, settling as axios' own adapters do. */
function server(status: number, data: unknown, seen: Seen = {}): AxiosAdapter {
  return async (config) => {
    seen.config = config;
    const response: AxiosResponse = { data, status, statusText: "", headers: {}, config, request: {} };
    if (status >= 200 && status < 300) return response;
    throw new AxiosError(
      `Request failed with status code ${status}`,
      status >= 500 ? AxiosError.ERR_BAD_RESPONSE : AxiosError.ERR_BAD_REQUEST,
      config,
      {},
      response,
    );
  };
}

function client(adapter: AxiosAdapter) {
  return createApiClient({ adapter, getLanguage: () => "en", getOrigin: () => "https://studio.example" });
}

async function failureOf(promise: Promise<unknown>): Promise<ApiError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof ApiError) return error;
    throw new Error(`expected an ApiError, got ${String(error)}`);
  }
  throw new Error("expected the call to fail");
}

describe("api client requests", () => {
  it("returns the data of an ok result and sends credentials, origin and language on every call", async () => {
    const seen: Seen = {};
    const data = await client(server(200, { id: 7 }, seen)).get<{ id: number }>("/comics/7", {
      params: { q: "hoa" },
    });
    expect(data).toEqual({ id: 7 });
    expect(seen.config?.baseURL).toBe("/api");
    expect(seen.config?.url).toBe("/comics/7");
    expect(seen.config?.method).toBe("get");
    expect(seen.config?.params).toEqual({ q: "hoa" });
    expect(seen.config?.withCredentials).toBe(true);
    expect(seen.config?.timeout).toBe(0);
    expect(seen.config?.headers.get("x-app-origin")).toBe("https://studio.example");
    expect(seen.config?.headers.get("x-custom-lang")).toBe("en");
  });

  it("sends post, put and delete with their method and body", async () => {
    const seen: Seen = {};
    const api = client(server(200, "ok", seen));
    await api.post("/comics", { title: "Hoa" });
    expect(seen.config?.method).toBe("post");
    expect(JSON.parse(String(seen.config?.data))).toEqual({ title: "Hoa" });
    await api.put("/comics/1", { title: "Lá" });
    expect(seen.config?.method).toBe("put");
    expect(JSON.parse(String(seen.config?.data))).toEqual({ title: "Lá" });
    await api.delete("/comics/1");
    expect(seen.config?.method).toBe("delete");
    expect(seen.config?.url).toBe("/comics/1");
  });

  it("download posts and returns a Blob, reporting progress", async () => {
    const seen: Seen = {};
    const blob = new Blob(["zip"], { type: "application/zip" });
    const progress: (number | undefined)[] = [];
    const adapter: AxiosAdapter = async (config) => {
      config.onDownloadProgress?.({ loaded: 1, total: 4, bytes: 1, lengthComputable: true });
      return server(200, blob, seen)(config);
    };
    const result = await client(adapter).download(
      "/chapters/1/download",
      { id: 1 },
      {
        onProgress: (p) => progress.push(p.percent),
      },
    );
    expect(result).toBeInstanceOf(Blob);
    expect(await result.text()).toBe("zip");
    expect(seen.config?.method).toBe("post");
    expect(seen.config?.responseType).toBe("blob");
    expect(progress).toEqual([25]);
  });

  it("download failures read the JSON error out of the blob body", async () => {
    const body = new Blob([JSON.stringify({ message: "Chapter has no pages", code: "BAD_REQUEST" })], {
      type: "application/json",
    });
    const error = await failureOf(client(server(400, body)).download("/chapters/1/download"));
    expect(error.kind).toBe("rejected");
    expect(error.message).toBe("Chapter has no pages");
    expect(error.code).toBe("BAD_REQUEST");
  });

  it("upload sends one file under `file` with extra fields and reports progress", async () => {
    const seen: Seen = {};
    const progress: (number | undefined)[] = [];
    const adapter: AxiosAdapter = async (config) => {
      config.onUploadProgress?.({ loaded: 5, total: 10, bytes: 5, lengthComputable: true });
      return server(201, { url: "/files/a.jpg" }, seen)(config);
    };
    const file = new File(["img"], "trang-1.jpg", { type: "image/jpeg" });
    const result = await client(adapter).upload<{ url: string }>("/uploads", file, {
      fields: { comicId: 12, scrambled: true, note: undefined, tags: ["a", "b"] },
      onProgress: (p) => progress.push(p.percent),
    });
    expect(result).toEqual({ url: "/files/a.jpg" });
    const form = seen.config?.data as FormData;
    expect(form).toBeInstanceOf(FormData);
    expect((form.get("file") as File).name).toBe("trang-1.jpg");
    expect(form.get("comicId")).toBe("12");
    expect(form.get("scrambled")).toBe("true");
    expect(form.has("note")).toBe(false);
    expect(form.getAll("tags")).toEqual(["a", "b"]);
    expect(progress).toEqual([50]);
  });

  it("putDirect PUTs the bytes to the presigned URL without cookies or app headers, with progress", async () => {
    const seen: Seen = {};
    const progress: (number | undefined)[] = [];
    const adapter: AxiosAdapter = async (config) => {
      config.onUploadProgress?.({ loaded: 3, total: 4, bytes: 3, lengthComputable: true });
      return server(200, "", seen)(config);
    };
    const page = new Blob(["abcd"], { type: "image/jpeg" });
    await client(adapter).putDirect("https://bucket.example/comics/2026/01/a.jpg?X-Amz-Signature=1", page, {
      headers: { "content-type": "image/jpeg", "content-length": "4" },
      onProgress: (p) => progress.push(p.percent),
    });
    expect(seen.config?.method).toBe("put");
    expect(seen.config?.url).toBe("https://bucket.example/comics/2026/01/a.jpg?X-Amz-Signature=1");
    expect(seen.config?.baseURL).toBeUndefined();
    expect(seen.config?.withCredentials).toBe(false);
    expect(seen.config?.data).toBe(page);
    expect(seen.config?.headers.get("content-type")).toBe("image/jpeg");
    // The browser sets the length from the body; the app's headers would fail the bucket's CORS.
    expect(seen.config?.headers.has("content-length")).toBe(false);
    expect(seen.config?.headers.has("x-app-origin")).toBe(false);
    expect(progress).toEqual([75]);
    const refused = await failureOf(
      client(server(403, "<Error><Code>SignatureDoesNotMatch</Code></Error>")).putDirect(
        "https://b/x",
        page,
        {
          headers: {},
        },
      ),
    );
    expect(refused.kind).toBe("forbidden");
  });

  it("uploadMany sends every file under `files` with extra fields", async () => {
    const seen: Seen = {};
    const files = [new File(["1"], "1.jpg"), new File(["2"], "2.jpg"), new File(["3"], "3.png")];
    await client(server(200, [], seen)).uploadMany("/uploads/pages", files, { fields: { chapterId: "9" } });
    const form = seen.config?.data as FormData;
    expect(form.getAll("files").map((f) => (f as File).name)).toEqual(["1.jpg", "2.jpg", "3.png"]);
    expect(form.get("chapterId")).toBe("9");
    expect(form.has("file")).toBe(false);
    // Fields come first, so a streaming multipart reader has them before the first file.
    expect([...form.keys()]).toEqual(["chapterId", "files", "files", "files"]);
  });
});

describe("api client failure kinds", () => {
  it("a network problem is cannot-connect and temporary", async () => {
    const adapter: AxiosAdapter = async (config) => {
      throw new AxiosError("Network Error", AxiosError.ERR_NETWORK, config, {});
    };
    const error = await failureOf(client(adapter).get("/comics"));
    expect(error.kind).toBe("cannot-connect");
    expect(error.temporary).toBe(true);
    expect(error.status).toBeUndefined();
    expect(error.message).toBe("Network Error");
  });

  it("a timeout is timeout and temporary", async () => {
    const adapter: AxiosAdapter = async (config) => {
      throw new AxiosError("timeout of 1000ms exceeded", AxiosError.ECONNABORTED, config, {});
    };
    const error = await failureOf(client(adapter).get("/comics"));
    expect(error.kind).toBe("timeout");
    expect(error.temporary).toBe(true);
  });

  it("a 5xx is server, not temporary, and carries the original error", async () => {
    const error = await failureOf(
      client(server(503, { message: "Bảo trì", code: "SERVICE_UNAVAILABLE" })).get("/x"),
    );
    expect(error.kind).toBe("server");
    expect(error.status).toBe(503);
    expect(error.code).toBe("SERVICE_UNAVAILABLE");
    expect(error.temporary).toBe(false);
    expect(error.message).toBe("Bảo trì");
    expect(error.originalError).toBeInstanceOf(AxiosError);
    expect(error.cause).toBe(error.originalError);
  });

  it.each([
    [401, "unauthorized", "UNAUTHORIZED"],
    [403, "forbidden", "FORBIDDEN"],
    [404, "not-found", "NOT_FOUND"],
    [400, "rejected", "BAD_REQUEST"],
    [409, "rejected", "CONFLICT"],
    [413, "rejected", "PAYLOAD_TOO_LARGE"],
    [422, "rejected", "VALIDATION"],
    [429, "rejected", "RATE_LIMITED"],
  ] as const)("HTTP %i is %s and keeps the body code", async (status, kind, code) => {
    const error = await failureOf(client(server(status, { message: "m", code })).post("/comics", {}));
    expect(error.kind).toBe(kind);
    expect(error.status).toBe(status);
    expect(error.code).toBe(code);
    expect(error.temporary).toBe(false);
    expect(error.fromServer).toBe(true);
  });

  it("an aborted call is cancelled", async () => {
    const controller = new AbortController();
    const adapter: AxiosAdapter = (config) =>
      new Promise((_, reject) => {
        config.signal?.addEventListener?.("abort", () =>
          reject(new CanceledError(undefined, undefined, config)),
        );
      });
    const pending = client(adapter).get("/comics", { signal: controller.signal });
    controller.abort();
    const error = await failureOf(pending);
    expect(error.kind).toBe("cancelled");
    expect(error.temporary).toBe(false);
  });

  it("anything else is unknown", async () => {
    const adapter: AxiosAdapter = async () => {
      throw new TypeError("adapter exploded");
    };
    const error = await failureOf(client(adapter).get("/comics"));
    expect(error.kind).toBe("unknown");
    expect(error.message).toBe("adapter exploded");
    expect(toApiError("just a string").kind).toBe("unknown");
    expect(toApiError("just a string").message).toBe("Unkown error");
  });

  it("a non-2xx status that is not an error code is unknown", async () => {
    const error = await failureOf(client(server(304, "")).get("/comics"));
    expect(error.kind).toBe("unknown");
    expect(error.status).toBe(304);
  });

  it("toApiError returns an ApiError unchanged", () => {
    const original = new ApiError("forbidden", "no");
    expect(toApiError(original)).toBe(original);
  });
});

describe("getErrorMessage (spec §8 order)", () => {
  function httpError(data: unknown, message = "Request failed with status code 400") {
    return new AxiosError(
      message,
      AxiosError.ERR_BAD_REQUEST,
      undefined,
      {},
      {
        data,
        status: 400,
        statusText: "",
        headers: {},
        config: { headers: {} } as InternalAxiosRequestConfig,
      },
    );
  }

  it("1. joins the response's errors list with ', ' before anything else", () => {
    expect(
      getErrorMessage(httpError({ errors: ["Tên là bắt buộc", "Link không hợp lệ"], message: "m" })),
    ).toBe("Tên là bắt buộc, Link không hợp lệ");
  });

  it("2. uses the response's message when there is no errors list", () => {
    expect(getErrorMessage(httpError({ message: "Truyện không tồn tại", errors: [] }))).toBe(
      "Truyện không tồn tại",
    );
  });

  it("3. uses the raw response data when it is text", () => {
    expect(getErrorMessage(httpError("Bad Gateway"))).toBe("Bad Gateway");
  });

  it("4. falls back to the error's own message", () => {
    expect(getErrorMessage(httpError({ code: "X" }, "Request failed with status code 400"))).toBe(
      "Request failed with status code 400",
    );
    expect(getErrorMessage(new AxiosError("Network Error", AxiosError.ERR_NETWORK))).toBe("Network Error");
  });

  it("plain objects with an errors map join the values with ','", () => {
    expect(getErrorMessage({ errors: { email: "Email sai", password: "Mật khẩu trống" } })).toBe(
      "Email sai,Mật khẩu trống",
    );
  });

  it("Error instances give their message", () => {
    expect(getErrorMessage(new Error("toBlob failed"))).toBe("toBlob failed");
  });

  it("an ApiError gives the message extracted when it was built", () => {
    expect(getErrorMessage(new ApiError("rejected", "Đã tồn tại"))).toBe("Đã tồn tại");
  });

  it.each([[undefined], [null], [42], ["text"], [{ message: "not an Error" }]])(
    "anything else (%s) is 'Unkown error'",
    (value) => {
      expect(getErrorMessage(value)).toBe("Unkown error");
    },
  );
});
