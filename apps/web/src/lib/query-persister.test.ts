import type { PersistedClient } from "@tanstack/react-query-persist-client";
import { afterEach, describe, expect, it, vi } from "vitest";
import { createLocalStoragePersister } from "./query-client";

const client = (queries: number): PersistedClient => ({
  timestamp: 1,
  buster: "1",
  clientState: {
    mutations: [],
    queries: Array.from({ length: queries }, (_, i) => ({
      queryKey: ["q", i],
      queryHash: `q${i}`,
      dehydratedAt: 0,
      state: { data: i } as never,
    })),
  },
});

afterEach(() => {
  vi.useRealTimers();
  window.localStorage.clear();
});

describe("localStorage query persister", () => {
  it("writes the latest cache once per second", () => {
    vi.useFakeTimers();
    const persister = createLocalStoragePersister(window.localStorage, "k");
    persister.persistClient(client(1));
    persister.persistClient(client(2));
    expect(window.localStorage.getItem("k")).toBeNull();
    vi.advanceTimersByTime(1000);
    expect(JSON.parse(window.localStorage.getItem("k") ?? "null").clientState.queries).toHaveLength(2);
    expect(persister.restoreClient()).toMatchObject({ clientState: { queries: [{}, {}] } });
  });

  it("removeClient also cancels a pending write, so a cleared cache stays cleared (logout)", () => {
    vi.useFakeTimers();
    const persister = createLocalStoragePersister(window.localStorage, "k");
    window.localStorage.setItem("k", "old");
    persister.persistClient(client(3));
    persister.removeClient();
    vi.advanceTimersByTime(5000);
    expect(window.localStorage.getItem("k")).toBeNull();
  });

  it("after pause (logout) nothing is written, not even by a flush, until resume (a new sign-in)", () => {
    vi.useFakeTimers();
    const persister = createLocalStoragePersister(window.localStorage, "k");
    persister.pause();
    persister.removeClient();
    persister.persistClient(client(2));
    persister.flush();
    vi.advanceTimersByTime(5000);
    expect(window.localStorage.getItem("k")).toBeNull();
    persister.resume();
    persister.persistClient(client(1));
    vi.advanceTimersByTime(1000);
    expect(window.localStorage.getItem("k")).not.toBeNull();
  });

  it("does not store an empty cache", () => {
    vi.useFakeTimers();
    const persister = createLocalStoragePersister(window.localStorage, "k");
    window.localStorage.setItem("k", "old");
    persister.persistClient(client(0));
    vi.advanceTimersByTime(1000);
    expect(window.localStorage.getItem("k")).toBeNull();
  });
});
