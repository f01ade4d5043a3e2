import { LOCAL_STORAGE_VERSION_KEY } from "@vt/shared/constants";

/** The local storage key 'version' is set on first load if absent (docs/dashboard.md). */
export function ensureStoredVersion(version: string = __APP_VERSION__) {
  try {
    if (window.localStorage.getItem(LOCAL_STORAGE_VERSION_KEY) === null) {
      window.localStorage.setItem(LOCAL_STORAGE_VERSION_KEY, version);
    }
  } catch {
    // Storage unavailable (private mode): nothing to remember.
  }
}
