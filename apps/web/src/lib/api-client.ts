/**
 * The one HTTP wrapper of the dashboard (spec §7-§8).
 *
 * Every call sends the session cookie, `x-app-origin` (the server refuses header-less writes, CSRF)
 * and `x-custom-lang` (so server messages come back in the user's language). No timeout is set.
 * A 2xx result yields the response data; anything else throws an `ApiError` whose `kind` is one of
 * the spec's failure kinds and whose message is extracted in the spec's order (`getErrorMessage`).
 * This module raises no toasts and has no side effects: errors are shown once, by the QueryClient.
 */
import { APP_ORIGIN_HEADER, DEFAULT_LANG, LANG_HEADER } from "@vt/shared/constants";
import axios, {
  type AxiosAdapter,
  type AxiosInstance,
  type AxiosProgressEvent,
  type AxiosRequestConfig,
  isAxiosError,
  isCancel,
} from "axios";
import { currentLanguage } from "./i18n";

export const API_ERROR_KINDS = [
  "cannot-connect",
  "timeout",
  "server",
  "unauthorized",
  "forbidden",
  "not-found",
  "rejected",
  "cancelled",
  "unknown",
] as const;
export type ApiErrorKind = (typeof API_ERROR_KINDS)[number];

const TEMPORARY_KINDS: ReadonlySet<ApiErrorKind> = new Set(["cannot-connect", "timeout"]);

export class ApiError extends Error {
  override readonly name = "ApiError";
  readonly kind: ApiErrorKind;
  /** HTTP status when the server answered. */
  readonly status: number | undefined;
  /** The `code` of the error body (`@vt/shared/errors` ErrorCode), when the server sent one. */
  readonly code: string | undefined;
  /** True when retrying later may succeed (network problem, timeout). */
  readonly temporary: boolean;
  /** The response body, if any. */
  readonly data: unknown;
  /** True when the message came from the server's answer rather than the transport. */
  readonly fromServer: boolean;
  /** The failure as thrown by the transport (kept for every kind; the spec requires it for `server`). */
  readonly originalError: unknown;

  constructor(
    kind: ApiErrorKind,
    message: string,
    options: {
      status?: number;
      code?: string;
      data?: unknown;
      fromServer?: boolean;
      originalError?: unknown;
    } = {},
  ) {
    super(message, { cause: options.originalError });
    this.kind = kind;
    this.status = options.status;
    this.code = options.code;
    this.data = options.data;
    this.fromServer = options.fromServer ?? false;
    this.originalError = options.originalError;
    this.temporary = TEMPORARY_KINDS.has(kind);
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (!isRecord(value)) return false;
  const proto = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
}

/** Message carried by a response body, in spec order 1-3; undefined when the body says nothing. */
function messageFromResponseData(data: unknown): string | undefined {
  if (isRecord(data)) {
    if (Array.isArray(data.errors) && data.errors.length > 0) return data.errors.map(String).join(", ");
    if (typeof data.message === "string" && data.message.length > 0) return data.message;
  }
  if (typeof data === "string" && data.length > 0) return data;
  return undefined;
}

/**
 * Spec §8 message extraction, in order:
 * 1. the response's `errors` list joined with ", "; 2. the response's `message`;
 * 3. the raw response data; 4. the error's own message.
 * Plain objects with an `errors` map: the values joined with ",". Error instances: their message.
 * Anything else: "Unkown error" (spelled so, as the spec says).
 */
export function getErrorMessage(error: unknown): string {
  if (isApiError(error)) return error.message;
  if (isAxiosError(error)) {
    return messageFromResponseData(error.response?.data) ?? (error.message || "Unkown error");
  }
  if (isPlainObject(error) && isRecord(error.errors)) {
    return Object.values(error.errors)
      .map((value) => (Array.isArray(value) ? value.join(",") : String(value)))
      .join(",");
  }
  if (error instanceof Error) return error.message;
  return "Unkown error";
}

function kindFromStatus(status: number): ApiErrorKind {
  if (status === 401) return "unauthorized";
  if (status === 403) return "forbidden";
  if (status === 404) return "not-found";
  if (status >= 500) return "server";
  if (status >= 400) return "rejected";
  return "unknown";
}

const TIMEOUT_CODES = new Set(["ECONNABORTED", "ETIMEDOUT"]);
const NETWORK_CODES = new Set(["ERR_NETWORK", "ECONNREFUSED", "ECONNRESET", "ENOTFOUND", "EAI_AGAIN"]);

/** Turns any failure of a call into an `ApiError` of one of the spec's kinds. */
export function toApiError(error: unknown): ApiError {
  if (isApiError(error)) return error;
  const message = getErrorMessage(error);
  if (isCancel(error) || (isAxiosError(error) && error.code === "ERR_CANCELED")) {
    return new ApiError("cancelled", message, { originalError: error });
  }
  if (isAxiosError(error)) {
    const response = error.response;
    if (response) {
      const data: unknown = response.data;
      const code = isRecord(data) && typeof data.code === "string" ? data.code : undefined;
      return new ApiError(kindFromStatus(response.status), message, {
        status: response.status,
        code,
        data,
        fromServer: messageFromResponseData(data) !== undefined,
        originalError: error,
      });
    }
    if (error.code && TIMEOUT_CODES.has(error.code)) {
      return new ApiError("timeout", message, { originalError: error });
    }
    if ((error.code && NETWORK_CODES.has(error.code)) || error.request) {
      return new ApiError("cannot-connect", message, { originalError: error });
    }
  }
  return new ApiError("unknown", message, { originalError: error });
}

/** Blob error bodies (failed downloads) are read back into JSON so their message can be extracted. */
async function decodeBlobErrorBody(error: unknown): Promise<unknown> {
  if (!isAxiosError(error) || !error.response) return error;
  const data: unknown = error.response.data;
  if (typeof Blob === "undefined" || !(data instanceof Blob)) return error;
  try {
    const text = await data.text();
    try {
      error.response.data = JSON.parse(text);
    } catch {
      error.response.data = text;
    }
  } catch {
    // Unreadable body: keep the blob; extraction falls back to the error's own message.
  }
  return error;
}

export type Progress = { loaded: number; total: number | undefined; percent: number | undefined };
export type ProgressCallback = (progress: Progress) => void;

function toProgress(event: AxiosProgressEvent): Progress {
  const total = event.total;
  return {
    loaded: event.loaded,
    total,
    percent: total ? Math.min(100, Math.round((event.loaded / total) * 100)) : undefined,
  };
}

export type RequestOptions = {
  params?: Record<string, unknown>;
  headers?: Record<string, string>;
  signal?: AbortSignal;
};

export type FormFieldValue =
  | string
  | number
  | boolean
  | Blob
  | null
  | undefined
  | readonly (string | number)[];
export type FormFields = Record<string, FormFieldValue>;

export type UploadOptions = RequestOptions & {
  /** Extra form fields sent with the file(s). Arrays repeat the field; null/undefined are skipped. */
  fields?: FormFields;
  onProgress?: ProgressCallback;
};

export type DownloadOptions = RequestOptions & { onProgress?: ProgressCallback };

function appendFields(form: FormData, fields: FormFields | undefined) {
  if (!fields) return;
  for (const [name, value] of Object.entries(fields)) {
    if (value === null || value === undefined) continue;
    if (typeof value === "object" && "length" in value) {
      for (const item of value) form.append(name, String(item));
    } else if (value instanceof Blob) {
      form.append(name, value);
    } else {
      form.append(name, String(value));
    }
  }
}

function appendFile(form: FormData, field: string, file: Blob) {
  if (typeof File !== "undefined" && file instanceof File) form.append(field, file, file.name);
  else form.append(field, file);
}

export type ApiClientOptions = {
  baseURL?: string;
  /** The language sent as `x-custom-lang`, read on every call. */
  getLanguage?: () => string;
  /** The origin sent as `x-app-origin`, read on every call. */
  getOrigin?: () => string;
  /** Transport override (tests). */
  adapter?: AxiosAdapter;
};

export function createApiClient(options: ApiClientOptions = {}) {
  const getLanguage = options.getLanguage ?? (() => DEFAULT_LANG);
  const getOrigin = options.getOrigin ?? (() => window.location.origin);
  const instance: AxiosInstance = axios.create({
    baseURL: options.baseURL ?? "/api",
    withCredentials: true,
    timeout: 0,
    ...(options.adapter ? { adapter: options.adapter } : {}),
  });

  async function request<T>(config: AxiosRequestConfig): Promise<T> {
    try {
      const response = await instance.request<T>({
        ...config,
        headers: {
          ...config.headers,
          [APP_ORIGIN_HEADER]: getOrigin(),
          [LANG_HEADER]: getLanguage(),
        },
      });
      return response.data;
    } catch (error) {
      throw toApiError(config.responseType === "blob" ? await decodeBlobErrorBody(error) : error);
    }
  }

  function base(options: RequestOptions | undefined): AxiosRequestConfig {
    return { params: options?.params, headers: options?.headers, signal: options?.signal };
  }

  return {
    instance,
    get: <T>(url: string, options?: RequestOptions) => request<T>({ ...base(options), method: "GET", url }),
    post: <T>(url: string, body?: unknown, options?: RequestOptions) =>
      request<T>({ ...base(options), method: "POST", url, data: body }),
    put: <T>(url: string, body?: unknown, options?: RequestOptions) =>
      request<T>({ ...base(options), method: "PUT", url, data: body }),
    delete: <T>(url: string, options?: RequestOptions) =>
      request<T>({ ...base(options), method: "DELETE", url }),
    /** POST that answers with a binary file (e.g. a chapter zip). */
    download: (url: string, body?: unknown, options?: DownloadOptions) => {
      const onProgress = options?.onProgress;
      return request<Blob>({
        ...base(options),
        method: "POST",
        url,
        data: body,
        responseType: "blob",
        onDownloadProgress: onProgress ? (event) => onProgress(toProgress(event)) : undefined,
      });
    },
    /** Multipart upload of one file under the field `file`. */
    upload: <T>(url: string, file: Blob, options?: UploadOptions) => {
      const form = new FormData();
      appendFile(form, "file", file);
      appendFields(form, options?.fields);
      const onProgress = options?.onProgress;
      return request<T>({
        ...base(options),
        method: "POST",
        url,
        data: form,
        onUploadProgress: onProgress ? (event) => onProgress(toProgress(event)) : undefined,
      });
    },
    /** Multipart upload of several files, each under the field `files`. */
    uploadMany: <T>(url: string, files: readonly Blob[], options?: UploadOptions) => {
      const form = new FormData();
      for (const file of files) appendFile(form, "files", file);
      appendFields(form, options?.fields);
      const onProgress = options?.onProgress;
      return request<T>({
        ...base(options),
        method: "POST",
        url,
        data: form,
        onUploadProgress: onProgress ? (event) => onProgress(toProgress(event)) : undefined,
      });
    },
  };
}

export type ApiClient = ReturnType<typeof createApiClient>;

/** The app-wide client: `api.get<TComic>("/comics/12")`. */
export const api = createApiClient({ getLanguage: currentLanguage });
