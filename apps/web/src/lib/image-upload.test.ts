import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

const calls: string[] = [];
const health = vi.fn(async () => ({ storage: "s3" }));
const putDirect = vi.fn(async () => {});
const upload = vi.fn(async (url: string, _file: Blob, options: { headers?: Record<string, string> }) => {
  calls.push(`multipart ${url} ${JSON.stringify(options.headers ?? {})}`);
  return { via: "multipart" };
});

vi.mock("./api-client", () => ({
  api: {
    get: (url: string) => (url === "/api/health" ? health() : Promise.reject(new Error(url))),
    post: async (url: string) => {
      calls.push(`post ${url}`);
      if (url.endsWith("/presign"))
        return { uploads: [{ key: "k", token: "t", url: "https://bucket/k", method: "PUT", headers: {} }] };
      return { via: "direct" };
    },
    putDirect: (...args: unknown[]) => putDirect(...(args as [])),
    upload: (...args: unknown[]) => upload(...(args as [string, Blob, { headers?: Record<string, string> }])),
    uploadMany: vi.fn(),
  },
}));

const jpeg = () =>
  new File([new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0, 0, 0, 0])], "a.jpg", { type: "image/jpeg" });

beforeEach(() => {
  calls.length = 0;
  sessionStorage.clear();
  vi.resetModules();
});
afterEach(() => vi.restoreAllMocks());

describe("uploadImages", () => {
  it("on S3 goes presign -> PUT -> direct", async () => {
    const { uploadImages } = await import("./image-upload");
    const answer = await uploadImages({
      path: "/api/teams/{teamId}/logo",
      pathParams: { teamId: 1 },
      files: [{ blob: jpeg(), name: "a.jpg" }],
    });
    expect(answer as unknown).toEqual({ via: "direct" });
    expect(calls).toEqual(["post /api/teams/{teamId}/logo/presign", "post /api/teams/{teamId}/logo/direct"]);
  });

  it("a PUT with no answer (bucket CORS) falls back to multipart, marked, and for the rest of the session", async () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    const { ApiError } = await import("./api-error");
    putDirect.mockRejectedValueOnce(new ApiError("cannot-connect", "Network Error"));
    const { uploadImages } = await import("./image-upload");
    const first = await uploadImages({
      path: "/api/users/avatar",
      files: [{ blob: jpeg(), name: "a.jpg" }],
    });
    expect(first as unknown).toEqual({ via: "multipart" });
    expect(calls).toEqual([
      "post /api/users/avatar/presign",
      'multipart /api/users/avatar {"x-upload-fallback":"direct"}',
    ]);
    calls.length = 0;
    const second = await uploadImages({
      path: "/api/users/avatar",
      files: [{ blob: jpeg(), name: "a.jpg" }],
    });
    expect(second as unknown).toEqual({ via: "multipart" });
    expect(calls).toEqual(["multipart /api/users/avatar {}"]);
    expect(warn).toHaveBeenCalledTimes(1);
  });

  it("a refusal by the bucket is not a fallback: the error reaches the caller", async () => {
    const { ApiError } = await import("./api-error");
    putDirect.mockRejectedValueOnce(new ApiError("forbidden", "Forbidden", { status: 403 }));
    const { uploadImages } = await import("./image-upload");
    await expect(
      uploadImages({ path: "/api/users/avatar", files: [{ blob: jpeg(), name: "a.jpg" }] }),
    ).rejects.toMatchObject({ kind: "forbidden" });
    expect(sessionStorage.length).toBe(0);
  });
});
