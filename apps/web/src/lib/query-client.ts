/**
 * The TanStack Query client (spec §9): persisted to localStorage under a fixed key with no expiry
 * and buster '1', no refetch on window focus or reconnect. Failed queries and mutations raise ONE
 * error toast here (title: errors.generic, description: the extracted message); a mutation or query
 * opts out with `meta: { silent: true }` when it reports the failure itself.
 */
import { createSyncStoragePersister } from "@tanstack/query-sync-storage-persister";
import { MutationCache, QueryCache, QueryClient } from "@tanstack/react-query";
import type { PersistQueryClientOptions } from "@tanstack/react-query-persist-client";
import {
  LOCAL_STORAGE_VERSION_KEY,
  QUERY_CACHE_BUSTER,
  QUERY_CACHE_KEY,
  QUERY_CACHE_MAX_AGE,
} from "@vt/shared/constants";
import { toast } from "sonner";
import { getErrorMessage, isApiError } from "./api-client";
import { i18n } from "./i18n";

declare module "@tanstack/react-query" {
  interface Register {
    queryMeta: { silent?: boolean };
    mutationMeta: { silent?: boolean };
  }
}

/** The toast description: the server's words when it sent some, else a translated transport problem. */
export function describeError(error: unknown): string {
  if (isApiError(error) && !error.fromServer) {
    if (error.kind === "cannot-connect") return i18n.t("errors.kind.cannotConnect");
    if (error.kind === "timeout") return i18n.t("errors.kind.timeout");
    if (error.kind === "cancelled") return i18n.t("errors.kind.cancelled");
  }
  return getErrorMessage(error);
}

export function showErrorToast(error: unknown) {
  toast.error(i18n.t("errors.generic"), { description: describeError(error) });
}

export function createQueryClient() {
  return new QueryClient({
    queryCache: new QueryCache({
      onError: (error, query) => {
        if (query.meta?.silent) return;
        showErrorToast(error);
      },
    }),
    mutationCache: new MutationCache({
      onError: (error, _variables, _context, mutation) => {
        if (mutation.meta?.silent) return;
        showErrorToast(error);
      },
    }),
    defaultOptions: {
      queries: {
        refetchOnWindowFocus: false,
        refetchOnReconnect: false,
        // Persisted entries never expire (maxAge Infinity), so memory must not drop them first.
        gcTime: QUERY_CACHE_MAX_AGE,
        // A transient network problem deserves retries; a refusal by the server does not.
        retry: (failureCount, error) => failureCount < 2 && (!isApiError(error) || error.temporary),
        // A forbidden answer replaces the page with the permission-denied screen (route error boundary).
        throwOnError: (error) => isApiError(error) && error.kind === "forbidden",
      },
      mutations: { retry: false },
    },
  });
}

export const queryClient = createQueryClient();

const persister =
  typeof window === "undefined"
    ? undefined
    : createSyncStoragePersister({ storage: window.localStorage, key: QUERY_CACHE_KEY });

export const persistOptions: Omit<PersistQueryClientOptions, "queryClient"> | undefined = persister
  ? { persister, maxAge: QUERY_CACHE_MAX_AGE, buster: QUERY_CACHE_BUSTER }
  : undefined;

/** Forgets every cached query and mutation, in memory and in localStorage (used on logout). */
export async function clearQueryCache() {
  queryClient.clear();
  await persister?.removeClient();
  try {
    window.localStorage.removeItem(QUERY_CACHE_KEY);
  } catch {
    // Storage unavailable: nothing was persisted either.
  }
}

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
