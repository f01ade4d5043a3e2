import { QueryObserver } from "@tanstack/react-query";
import { afterEach, describe, expect, it, vi } from "vitest";
import { prefetchForPage, queryClient } from "./query-client";

/** A query whose answers are counted, and a "mount" of it: an observer subscribing. */
function counted(key: string) {
  let calls = 0;
  const options = {
    queryKey: ["prefetch-test", key] as const,
    queryFn: async () => ({ n: ++calls }),
  };
  const mount = async () => {
    const observer = new QueryObserver(queryClient, options);
    const unsubscribe = observer.subscribe(() => {});
    await vi.waitFor(() => expect(observer.getCurrentResult().isFetching).toBe(false));
    unsubscribe();
  };
  return { options, mount, calls: () => calls };
}

afterEach(() => {
  vi.useRealTimers();
  queryClient.clear();
});

describe("prefetchForPage", () => {
  it("the page mounting right after its loader's prefetch does not ask again", async () => {
    const q = counted("a");
    await prefetchForPage(q.options);
    expect(q.calls()).toBe(1);
    await q.mount();
    await q.mount(); // a second observer of the same page (e.g. the breadcrumb)
    expect(q.calls()).toBe(1);
  });

  it("a prefetch arriving after the page mounted and fetched does not ask again", async () => {
    const q = counted("after");
    await q.mount();
    await prefetchForPage(q.options);
    expect(q.calls()).toBe(1);
  });

  it("a later mount, or data that did not come from the loader, is refetched as before", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const late = counted("late");
    await prefetchForPage(late.options);
    vi.advanceTimersByTime(3_001);
    await late.mount();
    expect(late.calls()).toBe(2);

    // Restored from the persisted cache (or fetched by the page itself): stale, so asked again.
    const restored = counted("restored");
    queryClient.setQueryData(restored.options.queryKey, { n: 0 });
    await restored.mount();
    expect(restored.calls()).toBe(1);
  });
});
