/**
 * The download service worker (served as /download-sw.js, scope /download/): lets a browser
 * without the File System Access API save a chapter zip as a stream, so the zip is never held
 * whole in memory (lib/images/stream-download.ts is the page's side).
 *
 * 1. The page sends `{ type: "vt-download", id, fileName }` with a MessagePort; the worker answers
 *    `{ type: "ready" }` on it.
 * 2. The page points a hidden iframe at /download/<id>. The worker answers that request with a
 *    streamed `attachment` response, which the browser's download manager saves to disk.
 * 3. Each time the download wants bytes, the worker posts `{ type: "pull", back? }`; the page answers
 *    one `{ chunk, length }` (an ArrayBuffer, transferred), `{ done: true }` or `{ error }`. One chunk
 *    in flight at a time: the page writes no faster than the download saves. The buffers travel
 *    back (`back`) once the download has read past them, so a whole chapter passes through the same
 *    few buffers and leaves nothing for the garbage collector.
 * 4. A download cancelled in the browser posts `{ type: "cancel" }`.
 *
 * A classic script with no imports (compiled on its own by vite.config.ts): browsers without module
 * service workers can run it.
 */
(() => {
  const sw = self as unknown as ServiceWorkerGlobalScope;
  const waiting = new Map<string, { port: MessagePort; fileName: string }>();

  sw.addEventListener("install", () => {
    void sw.skipWaiting();
  });
  sw.addEventListener("activate", (event) => {
    event.waitUntil(sw.clients.claim());
  });

  sw.addEventListener("message", (event) => {
    const data = event.data as { type?: unknown; id?: unknown; fileName?: unknown } | null;
    const port = event.ports[0];
    if (data?.type !== "vt-download" || typeof data.id !== "string" || typeof data.fileName !== "string")
      return;
    if (!port) return;
    waiting.set(data.id, { port, fileName: data.fileName });
    port.postMessage({ type: "ready" });
  });

  /** `attachment` with the UTF-8 name, and a plain-ASCII one for old clients. */
  function contentDisposition(fileName: string): string {
    const ascii = fileName
      .normalize("NFD")
      .replace(/[\u0300-\u036f]/g, "")
      .replace(/[đĐ]/g, (c) => (c === "đ" ? "d" : "D"))
      .replace(/[^\x20-\x7e]|["\\]/g, "_");
    return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
  }

  function stream(port: MessagePort): ReadableStream<Uint8Array> {
    // Buffers enqueued, oldest first. The download reads one chunk only after it finished the one
    // before, so when it asks for more (pull) every buffer but the last one read is free again.
    const enqueued: ArrayBuffer[] = [];
    return new ReadableStream<Uint8Array>(
      {
        pull(controller) {
          return new Promise<void>((resolve) => {
            port.onmessage = (event) => {
              const data = event.data as {
                chunk?: ArrayBuffer;
                length?: number;
                done?: boolean;
                error?: string;
              };
              if (data.chunk) {
                enqueued.push(data.chunk);
                controller.enqueue(new Uint8Array(data.chunk, 0, data.length ?? data.chunk.byteLength));
              } else if (data.done) {
                controller.close();
                port.close();
              } else {
                controller.error(new Error(data.error ?? "download failed"));
                port.close();
              }
              resolve();
            };
            const back = enqueued.length >= 2 ? enqueued.shift() : undefined;
            port.postMessage({ type: "pull", back }, back ? [back] : []);
          });
        },
        cancel() {
          port.postMessage({ type: "cancel" });
          port.close();
        },
      },
      { highWaterMark: 1 },
    );
  }

  sw.addEventListener("fetch", (event) => {
    const match = /^\/download\/([\w-]+)$/.exec(new URL(event.request.url).pathname);
    const entry = match ? waiting.get(match[1]!) : undefined;
    if (!match || !entry) return;
    waiting.delete(match[1]!);
    event.respondWith(
      new Response(stream(entry.port), {
        headers: {
          "content-type": "application/zip",
          "content-disposition": contentDisposition(entry.fileName),
          "cache-control": "no-store",
          "x-content-type-options": "nosniff",
        },
      }),
    );
  });
})();
