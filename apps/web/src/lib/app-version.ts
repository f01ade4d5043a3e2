import { LOCAL_STORAGE_VERSION_KEY } from "@vt/shared/constants";

/** Spec §9: the local storage key 'version' is set on first load if absent. */
export function ensureStoredVersion(version: string = __APP_VERSION__) {
  try {
    if (window.localStorage.getItem(LOCAL_STORAGE_VERSION_KEY) === null) {
      window.localStorage.setItem(LOCAL_STORAGE_VERSION_KEY, version);
    }
  } catch {
    // Storage unavailable (private mode): nothing to remember.
  }
}
