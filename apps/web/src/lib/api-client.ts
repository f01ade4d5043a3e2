/**
 * The one HTTP wrapper of the dashboard (spec §7-§8).
 *
 * Every call sends the session cookie, `x-app-origin` (the server refuses header-less writes, CSRF)
 * and `x-custom-lang` (so server messages come back in the user's language). No timeout is set.
 * A 2xx result yields the response data; anything else throws an `ApiError` whose `kind` is one of
 * the spec's failure kinds and whose message is extracted in the spec's order (`getErrorMessage`).
 * This module raises no toasts and has no side effects: errors are shown once, by the QueryClient.
 * The failure model itself (`ApiError`, kinds, message extraction) lives in `./api-error`.
 */
import { APP_ORIGIN_HEADER, DEFAULT_LANG, LANG_HEADER } from "@vt/shared/constants";
import type { AxiosAdapter, AxiosInstance, AxiosProgressEvent, AxiosRequestConfig } from "axios";
import { isRecord, toApiError } from "./api-error";
import { currentLanguage } from "./i18n";

/** Blob error bodies (failed downloads) are read back into JSON so their message can be extracted. */
async function decodeBlobErrorBody(error: unknown): Promise<unknown> {
  if (!isRecord(error) || error.isAxiosError !== true) return error;
  const response = error.response as { data: unknown } | undefined;
  if (!response) return error;
  const data: unknown = response.data;
  if (typeof Blob === "undefined" || !(data instanceof Blob)) return error;
  try {
    const text = await data.text();
    try {
      response.data = JSON.parse(text);
    } catch {
      response.data = text;
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

export type DirectPutOptions = {
  /** The headers the presigned URL was signed with (content-length is set by the browser from the body). */
  headers: Record<string, string>;
  signal?: AbortSignal;
  onProgress?: ProgressCallback;
};

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
  // axios (~20 KB gzipped) is downloaded on the first call, not with the page that merely holds
  // a client: the signed-out /login route renders without it.
  let instance: Promise<AxiosInstance> | undefined;
  const getInstance = () => {
    instance ??= import("axios").then(({ default: axios }) =>
      axios.create({
        baseURL: options.baseURL ?? "/api",
        withCredentials: true,
        timeout: 0,
        ...(options.adapter ? { adapter: options.adapter } : {}),
      }),
    );
    return instance;
  };

  async function request<T>(config: AxiosRequestConfig): Promise<T> {
    try {
      const response = await (await getInstance()).request<T>({
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
      // Fields before files: a streaming multipart reader sees them before the file it reads.
      const form = new FormData();
      appendFields(form, options?.fields);
      appendFile(form, "file", file);
      const onProgress = options?.onProgress;
      return request<T>({
        ...base(options),
        method: "POST",
        url,
        data: form,
        onUploadProgress: onProgress ? (event) => onProgress(toProgress(event)) : undefined,
      });
    },
    /**
     * PUT a file's bytes to an absolute presigned URL (direct upload to the S3 bucket): no cookies
     * and none of the app's headers, which the bucket neither needs nor allows (CORS).
     */
    putDirect: async (url: string, body: Blob, put: DirectPutOptions): Promise<void> => {
      const { "content-length": _length, ...headers } = put.headers;
      const onProgress = put.onProgress;
      try {
        const { default: axios } = await import("axios");
        await axios.request({
          method: "PUT",
          url,
          data: body,
          headers,
          withCredentials: false,
          timeout: 0,
          signal: put.signal,
          onUploadProgress: onProgress ? (event) => onProgress(toProgress(event)) : undefined,
          ...(options.adapter ? { adapter: options.adapter } : {}),
        });
      } catch (error) {
        throw toApiError(error);
      }
    },
    /** Multipart upload of several files, each under the field `files`. */
    uploadMany: <T>(url: string, files: readonly Blob[], options?: UploadOptions) => {
      const form = new FormData();
      appendFields(form, options?.fields);
      for (const file of files) appendFile(form, "files", file);
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
