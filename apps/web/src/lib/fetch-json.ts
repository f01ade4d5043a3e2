/**
 * A minimal JSON `fetch` for the few calls made before the first render (the boot session check),
 * which must not wait for the axios-based client to download. Same headers, credentials and
 * failure model (`ApiError`) as `api-client`; everything else goes through `api`.
 */
import { APP_ORIGIN_HEADER, LANG_HEADER } from "@vt/shared/constants";
import { ApiError, apiErrorFromResponse } from "./api-error";
import { currentLanguage } from "./i18n";

export async function fetchJson<T>(url: string, init: RequestInit = {}): Promise<T> {
  let response: Response;
  try {
    response = await fetch(url, {
      credentials: "include",
      ...init,
      headers: {
        accept: "application/json",
        [APP_ORIGIN_HEADER]: window.location.origin,
        [LANG_HEADER]: currentLanguage(),
        ...init.headers,
      },
    });
  } catch (error) {
    const aborted = error instanceof Error && error.name === "AbortError";
    throw new ApiError(
      aborted ? "cancelled" : "cannot-connect",
      error instanceof Error ? error.message : "",
      {
        originalError: error,
      },
    );
  }
  const text = await response.text();
  let data: unknown = text || null;
  try {
    data = text ? JSON.parse(text) : null;
  } catch {
    // Not JSON: keep the raw text (spec §8 extraction step 3).
  }
  if (!response.ok) throw apiErrorFromResponse(response.status, data);
  return data as T;
}
