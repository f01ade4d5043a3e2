// @vitest-environment node
// Node's own fetch, Request, FormData and File (as in a browser), not jsdom's stand-ins that undici cannot read.
import { describe, expect, it } from "vitest";
import { client, failureOf, server } from "@/test/api-client-fakes";
import { ApiError, apiErrorFromResponse, getErrorMessage, toApiError } from "./api-error";

describe("api client failure kinds", () => {
  it("a network problem is cannot-connect and temporary", async () => {
    const error = await failureOf(
      client(async () => {
        throw new TypeError("Failed to fetch");
      }).get("/api/comics"),
    );
    expect(error.kind).toBe("cannot-connect");
    expect(error.temporary).toBe(true);
    expect(error.status).toBeUndefined();
    expect(error.message).toBe("Failed to fetch");
  });

  it("a timeout is timeout and temporary", async () => {
    const error = await failureOf(
      client(async () => {
        throw new DOMException("signal timed out", "TimeoutError");
      }).get("/api/comics"),
    );
    expect(error.kind).toBe("timeout");
    expect(error.temporary).toBe(true);
  });

  it("a 5xx is server, not temporary, and carries the original answer", async () => {
    const error = await failureOf(
      client(server(503, { message: "Bảo trì", code: "SERVICE_UNAVAILABLE" })).get("/api/comics"),
    );
    expect(error.kind).toBe("server");
    expect(error.status).toBe(503);
    expect(error.code).toBe("SERVICE_UNAVAILABLE");
    expect(error.temporary).toBe(false);
    expect(error.message).toBe("Bảo trì");
    expect(error.originalError).toBeInstanceOf(Response);
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
    const error = await failureOf(
      client(server(status, { message: "m", code })).post("/api/teams", { name: "x" }),
    );
    expect(error.kind).toBe(kind);
    expect(error.status).toBe(status);
    expect(error.code).toBe(code);
    expect(error.temporary).toBe(false);
    expect(error.fromServer).toBe(true);
  });

  it("an aborted call is cancelled", async () => {
    const controller = new AbortController();
    const transport = (request: Request) =>
      new Promise<Response>((_, reject) => {
        request.signal.addEventListener("abort", () => reject(new DOMException("aborted", "AbortError")));
      });
    const pending = client(transport).get("/api/comics", { signal: controller.signal });
    controller.abort();
    const error = await failureOf(pending);
    expect(error.kind).toBe("cancelled");
    expect(error.temporary).toBe(false);
  });

  it("anything else is unknown", async () => {
    const error = await failureOf(
      client(async () => new Response("{not json", { status: 200, headers: { "content-length": "9" } })).get(
        "/api/comics",
      ),
    );
    expect(error.kind).toBe("unknown");
    expect(toApiError("just a string").kind).toBe("unknown");
    expect(toApiError("just a string").message).toBe("Unkown error");
  });

  it("a non-2xx status that is not an error code is unknown", async () => {
    const error = await failureOf(client(server(304, "")).get("/api/comics"));
    expect(error.kind).toBe("unknown");
    expect(error.status).toBe(304);
  });

  it("toApiError returns an ApiError unchanged", () => {
    const original = new ApiError("forbidden", "no");
    expect(toApiError(original)).toBe(original);
  });
});

describe("message extraction (in the order of docs/dashboard.md)", () => {
  it("1. joins the response's errors list with ', ' before anything else", () => {
    expect(
      apiErrorFromResponse(400, { errors: ["Tên là bắt buộc", "Link không hợp lệ"], message: "m" }).message,
    ).toBe("Tên là bắt buộc, Link không hợp lệ");
  });

  it("2. uses the response's message when there is no errors list", () => {
    expect(apiErrorFromResponse(400, { message: "Truyện không tồn tại", errors: [] }).message).toBe(
      "Truyện không tồn tại",
    );
  });

  it("3. uses the raw response data when it is text", () => {
    expect(apiErrorFromResponse(502, "Bad Gateway").message).toBe("Bad Gateway");
  });

  it("4. falls back to the transport's own message", () => {
    expect(apiErrorFromResponse(400, { code: "X" }).message).toBe("Request failed with status code 400");
    expect(apiErrorFromResponse(400, undefined, new Error("Network Error")).message).toBe("Network Error");
  });

  it("a response whose errors field is a map joins the map's values with ','", () => {
    const conflict = apiErrorFromResponse(409, {
      errors: { title: "Tiêu đề đã có", slug: ["Đường dẫn đã có", "Đường dẫn quá dài"] },
      message: "Xung đột",
    });
    expect(conflict.message).toBe("Tiêu đề đã có,Đường dẫn đã có,Đường dẫn quá dài");
    expect(conflict.fromServer).toBe(true);
    expect(apiErrorFromResponse(409, { errors: {}, message: "Xung đột" }).message).toBe("Xung đột");
  });

  it("a plain-text body is the message, trimmed", () => {
    const refusal = apiErrorFromResponse(400, "Tên tệp không hợp lệ\n");
    expect(refusal.message).toBe("Tên tệp không hợp lệ");
    expect(refusal.fromServer).toBe(true);
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
