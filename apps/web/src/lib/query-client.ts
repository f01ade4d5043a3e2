/**
 * The TanStack Query client (docs/dashboard.md, "Cache and local storage"): persisted to
 * localStorage under a fixed key with no expiry and buster '1', no refetch on window focus or
 * reconnect. Failed queries and mutations raise ONE error toast here (title: errors.generic,
 * description: the extracted message); a mutation or query opts out with `meta: { silent: true }`
 * when it reports the failure itself. A 401 is not a toast: it ends the session (see
 * `setUnauthorizedHandler`).
 */
import {
  type FetchQueryOptions,
  hashKey,
  MutationCache,
  type Query,
  QueryCache,
  QueryClient,
  type QueryKey,
} from "@tanstack/react-query";
import type { PersistedClient, Persister } from "@tanstack/react-query-persist-client";
import { QUERY_CACHE_BUSTER, QUERY_CACHE_KEY, QUERY_CACHE_MAX_AGE } from "@vt/shared/constants";
import { isApiError } from "./api-error";
import { showErrorToast } from "./error-toast";
import { isVersionConflict } from "./version-conflict";

declare module "@tanstack/react-query" {
  interface Register {
    queryMeta: { silent?: boolean };
    mutationMeta: { silent?: boolean };
  }
}

let onUnauthorized: (() => void) | undefined;

/**
 * Who handles "the session ended" (a 401 from any query or mutation): the signed-in layout
 * registers the handler that signs the user out and sends them to /login; this module stays
 * below the features and the router.
 */
export function setUnauthorizedHandler(handler: (() => void) | undefined) {
  onUnauthorized = handler;
}

/** A call made outside the query client found the session over (401): hand it to the same handler. */
export function reportSessionEnded() {
  onUnauthorized?.();
}

function reportFailure(error: unknown, silent: boolean | undefined) {
  if (isApiError(error) && error.kind === "unauthorized" && onUnauthorized) {
    onUnauthorized();
    return;
  }
  // A stale save is answered by the form's conflict dialog (components/conflict), not a toast.
  if (isVersionConflict(error)) return;
  if (!silent) showErrorToast(error);
}

/** How long the answer a route loader prefetched serves the page that mounts next without a refetch. */
const PREFETCH_FRESH_MS = 3_000;
/** Query hash -> when `prefetchForPage` started fetching it. */
const prefetchStarted = new Map<string, number>();

/**
 * Whether `query` holds the answer a route loader fetched moments ago (`prefetchForPage`): the page
 * mounting right after (a click after a hover, a page opened by its address) shows it instead of
 * asking the server a second time. Data restored from the persisted cache, or fetched any other way,
 * is refetched on mount as before.
 */
function justPrefetched(query: Query): boolean {
  const started = prefetchStarted.get(query.queryHash);
  const at = query.state.dataUpdatedAt;
  return started !== undefined && at >= started && Date.now() - at < PREFETCH_FRESH_MS;
}

/**
 * A route loader's prefetch of the query its page mounts (errors surface in the page, not here).
 * An answer fetched in the last PREFETCH_FRESH_MS is kept: the loader's chunk can arrive after the
 * page itself mounted and fetched.
 */
export function prefetchForPage<T, K extends QueryKey>(
  options: FetchQueryOptions<T, Error, T, K>,
): Promise<void> {
  const now = Date.now();
  for (const [hash, started] of prefetchStarted)
    if (now - started >= PREFETCH_FRESH_MS * 10) prefetchStarted.delete(hash);
  // Marked before the answer arrives: a page mounting the moment it lands must already see it.
  prefetchStarted.set(hashKey(options.queryKey), now);
  return queryClient.prefetchQuery({ ...options, staleTime: PREFETCH_FRESH_MS });
}

export function createQueryClient() {
  return new QueryClient({
    queryCache: new QueryCache({
      onError: (error, query) => reportFailure(error, query.meta?.silent),
    }),
    mutationCache: new MutationCache({
      onError: (error, _variables, _context, mutation) => reportFailure(error, mutation.meta?.silent),
    }),
    defaultOptions: {
      queries: {
        refetchOnWindowFocus: false,
        refetchOnReconnect: false,
        // Stale data is refetched when a page mounts, except the answer its route loader just fetched.
        refetchOnMount: (query) => !justPrefetched(query),
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

const PERSIST_THROTTLE_MS = 1000;

/**
 * localStorage persister (the shape of `createSyncStoragePersister`, written out because logout
 * needs what that one lacks): a pending throttled write can be cancelled, so clearing the cache
 * cannot be undone by a write landing a moment later; and an empty cache is not stored at all.
 */
export function createLocalStoragePersister(
  storage: Storage,
  key: string,
): Persister & { flush: () => void; pause: () => void; resume: () => void } {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let latest: PersistedClient | undefined;
  let paused = false;
  const write = () => {
    timer = undefined;
    const client = latest;
    latest = undefined;
    if (!client) return;
    const { queries, mutations } = client.clientState;
    try {
      if (queries.length === 0 && mutations.length === 0) storage.removeItem(key);
      else storage.setItem(key, JSON.stringify(client));
    } catch {
      // Full or unavailable storage: the cache simply is not kept for the next visit.
    }
  };
  return {
    /** Writes a pending change now (the page is going away: a reload must not show an older copy). */
    flush() {
      if (timer === undefined) return;
      clearTimeout(timer);
      write();
    },
    /**
     * Stops keeping the cache (logout): queries that settle after the cache was cleared, on the way
     * to the sign-in page, are not written back, not even by the flush when the page goes away.
     */
    pause() {
      paused = true;
    },
    /** Keeps the cache again (a new sign-in). */
    resume() {
      paused = false;
    },
    persistClient(client) {
      if (paused) return;
      latest = client;
      timer ??= setTimeout(write, PERSIST_THROTTLE_MS);
    },
    restoreClient() {
      try {
        const stored = storage.getItem(key);
        return stored ? (JSON.parse(stored) as PersistedClient) : undefined;
      } catch {
        return undefined;
      }
    },
    removeClient() {
      if (timer !== undefined) clearTimeout(timer);
      timer = undefined;
      latest = undefined;
      try {
        storage.removeItem(key);
      } catch {
        // Storage unavailable: nothing was persisted either.
      }
    },
  };
}

const persister =
  typeof window === "undefined"
    ? undefined
    : createLocalStoragePersister(window.localStorage, QUERY_CACHE_KEY);

const persistOptions = { maxAge: QUERY_CACHE_MAX_AGE, buster: QUERY_CACHE_BUSTER };
let persisting: Promise<void> | undefined;

/**
 * Starts keeping the cache in localStorage, once, for a signed-in user; the signed-out
 * sign-in page has no data to keep and never downloads this code.
 * - `restore: true` (boot with a live session): the stored cache is loaded first; the first render
 *   waits for it, so no query runs before its cached data is back (what PersistQueryClientProvider
 *   does with `isRestoring`).
 * - `restore: false` (a fresh sign-in): whatever an earlier session left behind is discarded.
 */
export function startQueryPersistence({ restore }: { restore: boolean }): Promise<void> {
  if (!persister) return Promise.resolve();
  const store = persister;
  store.resume();
  persisting ??= (async () => {
    const { persistQueryClientRestore, persistQueryClientSubscribe } = await import(
      "@tanstack/react-query-persist-client"
    );
    // The persist package carries its own copy of query-core's types; the client is the same object.
    const client = queryClient as unknown as Parameters<typeof persistQueryClientRestore>[0]["queryClient"];
    if (restore)
      await persistQueryClientRestore({ queryClient: client, persister: store, ...persistOptions });
    else await store.removeClient();
    persistQueryClientSubscribe({ queryClient: client, persister: store, buster: persistOptions.buster });
    // A reload within the throttle window would otherwise restore the copy before the last save.
    window.addEventListener("pagehide", () => store.flush());
  })().catch(() => {
    // Without persistence the dashboard still works; the cache just is not kept between visits.
  });
  return persisting;
}

/** Forgets every cached query and mutation, in memory and in localStorage (used on logout). */
export async function clearQueryCache() {
  persister?.pause();
  queryClient.clear();
  // After clear(): its cache events schedule a write, which removeClient cancels.
  await persister?.removeClient();
}

// Kept importable from here for callers that already hold the query client module.
export { describeError, showErrorToast } from "./error-toast";
