/**
 * Stand-ins for the api client's tests (lib/api-client*.test.ts): a transport that answers like the
 * server would, an XMLHttpRequest that reports progress, and the client under test on them.
 */
import { createApiClient } from "@/lib/api-client";
import { ApiError } from "@/lib/api-error";

export type Seen = { request?: Request };

/** A transport that answers like the server would. */
export function server(status: number, data: unknown, seen: Seen = {}) {
  return async (request: Request) => {
    seen.request = request;
    if (data instanceof Blob) return new Response(data, { status });
    const body = typeof data === "string" ? data : JSON.stringify(data);
    const init = { status, headers: { "content-type": "application/json" } };
    return new Response(status === 204 || status === 304 ? null : body, init);
  };
}

export type XhrSeen = {
  method?: string;
  url?: string;
  headers: Record<string, string>;
  withCredentials?: boolean;
  body?: unknown;
};

/** An XMLHttpRequest stand-in: reports `progress` (loaded, total) then answers `status`/`body`. */
export function fakeXhr(status: number, body: string, seen: XhrSeen, progress?: [number, number]) {
  return () => {
    const xhr = {
      upload: {} as {
        onprogress?: (event: { loaded: number; total: number; lengthComputable: boolean }) => void;
      },
      status: 0,
      responseText: "",
      withCredentials: false,
      onload: undefined as undefined | (() => void),
      onerror: undefined as undefined | (() => void),
      onabort: undefined as undefined | (() => void),
      open: (method: string, url: string) => {
        seen.method = method;
        seen.url = url;
      },
      setRequestHeader: (name: string, value: string) => {
        seen.headers[name] = value;
      },
      abort: () => xhr.onabort?.(),
      send: (sent: unknown) => {
        seen.body = sent;
        seen.withCredentials = xhr.withCredentials;
        if (progress)
          xhr.upload.onprogress?.({ loaded: progress[0], total: progress[1], lengthComputable: true });
        xhr.status = status;
        xhr.responseText = body;
        queueMicrotask(() => (status === 0 ? xhr.onerror?.() : xhr.onload?.()));
      },
    };
    return xhr as unknown as XMLHttpRequest;
  };
}

export const BASE = "https://studio.example";

export function client(fetch: (request: Request) => Promise<Response>, createXhr?: () => XMLHttpRequest) {
  return createApiClient({
    baseUrl: BASE,
    fetch,
    createXhr,
    getLanguage: () => "en",
    getOrigin: () => "https://studio.example",
  });
}

export async function failureOf(promise: Promise<unknown>): Promise<ApiError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof ApiError) return error;
    throw new Error(`expected an ApiError, got ${String(error)}`);
  }
  throw new Error("expected the call to fail");
}
