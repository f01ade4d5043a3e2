/**
 * A download saved as a stream through the download service worker (src/download-sw.ts, which
 * describes the protocol): for browsers without the File System Access API, so a large file goes
 * to disk as it is written instead of being collected in memory first.
 *
 *   const sink = await streamDownload("Chương 2.zip");
 *   if (sink) await writeChapterZip(pages, sink.writable); // else: another way to save
 */

const SCRIPT = "/download-sw.js";
const SCOPE = "/download/";
/** How long the worker and then the browser's download may take to start before we give up. */
const START_TIMEOUT_MS = 10_000;

type Answer = { type: "ready" | "pull" | "cancel"; back?: ArrayBuffer };

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T | undefined> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => resolve(undefined), ms);
    promise.then(
      (v) => {
        clearTimeout(timer);
        resolve(v);
      },
      (e) => {
        clearTimeout(timer);
        reject(e);
      },
    );
  });
}

async function activeWorker(registration: ServiceWorkerRegistration): Promise<ServiceWorker> {
  if (registration.active) return registration.active;
  const worker = registration.installing ?? registration.waiting;
  if (!worker) throw new Error("The download service worker did not install");
  await new Promise<void>((resolve, reject) => {
    worker.addEventListener("statechange", () => {
      if (worker.state === "activated") resolve();
      if (worker.state === "redundant") reject(new Error("The download service worker did not install"));
    });
  });
  return registration.active ?? worker;
}

/**
 * Whether a browser can save a download streamed by a service worker: service workers run only in
 * secure contexts, and WebKit (Safari, and every browser on iOS/iPadOS) does not save a service
 * worker's `attachment` response as a download (StreamSaver.js,
 * https://github.com/jimmywarting/StreamSaver.js/issues/69, open since 2018): there the zip would
 * vanish into the hidden frame, so those browsers keep the Blob download.
 */
export function streamDownloadSupported(browser: {
  userAgent: string;
  serviceWorker: boolean;
  secureContext: boolean;
}): boolean {
  if (!browser.serviceWorker || !browser.secureContext) return false;
  const ua = browser.userAgent;
  const ios = /\b(iPad|iPhone|iPod)\b/.test(ua);
  // "Chrome/" also matches headless Chromium's "HeadlessChrome/".
  const webkitOnly = /AppleWebKit\//.test(ua) && !/(Chrome|Chromium|Edg)\//.test(ua);
  return !ios && !webkitOnly;
}

function canStreamDownload(): boolean {
  return (
    typeof navigator !== "undefined" &&
    streamDownloadSupported({
      userAgent: navigator.userAgent,
      serviceWorker: "serviceWorker" in navigator,
      secureContext: globalThis.isSecureContext === true,
    })
  );
}

/**
 * A writable whose bytes the browser saves as `fileName`, or null when that cannot start here (no
 * service worker, or the download did not begin within START_TIMEOUT_MS). Chunks are copied (the
 * zip writer reuses the memory behind them) into buffers that go back and forth with the worker.
 * A download the user cancels in the browser errors the writable with an AbortError.
 */
export async function streamDownload(
  fileName: string,
): Promise<{ writable: WritableStream<Uint8Array> } | null> {
  if (!canStreamDownload()) return null;
  let registration: ServiceWorkerRegistration;
  try {
    registration = await navigator.serviceWorker.register(SCRIPT, { scope: SCOPE });
  } catch {
    return null;
  }
  const worker = await withTimeout(activeWorker(registration), START_TIMEOUT_MS).catch(() => undefined);
  if (!worker) return null;

  const id = crypto.randomUUID();
  const channel = new MessageChannel();
  const port = channel.port1;
  const answers: Answer[] = [];
  let wake: (() => void) | undefined;
  port.onmessage = (event) => {
    answers.push(event.data as Answer);
    wake?.();
  };
  const next = async (): Promise<Answer> => {
    while (answers.length === 0) await new Promise<void>((resolve) => (wake = resolve));
    return answers.shift()!;
  };
  worker.postMessage({ type: "vt-download", id, fileName }, [channel.port2]);
  const ready = await withTimeout(next(), START_TIMEOUT_MS);
  if (ready?.type !== "ready") {
    port.close();
    return null;
  }

  const frame = document.createElement("iframe");
  frame.hidden = true;
  frame.src = `${SCOPE}${id}`;
  document.body.append(frame);
  const cleanUp = () => {
    port.close();
    // The download manager has the response by now; the frame can go a little later.
    setTimeout(() => frame.remove(), 1000);
  };
  // The first pull says the worker answered the frame's request and the download has begun.
  const first = await withTimeout(next(), START_TIMEOUT_MS);
  if (first?.type !== "pull") {
    cleanUp();
    return null;
  }
  answers.unshift(first);

  // Buffers the worker gave back: the chunks are copied into them, not into fresh memory.
  const free: ArrayBuffer[] = [];
  /** Waits for the download to ask for bytes; a cancelled download rejects. */
  const pulled = async () => {
    const answer = await next();
    if (answer.type === "cancel") throw new DOMException("The download was cancelled", "AbortError");
    if (answer.back) free.push(answer.back);
  };
  const writable = new WritableStream<Uint8Array>({
    async write(chunk) {
      await pulled();
      let buffer = free.pop();
      if (!buffer || buffer.byteLength < chunk.length)
        buffer = new ArrayBuffer(Math.max(chunk.length, 1 << 20));
      new Uint8Array(buffer).set(chunk);
      port.postMessage({ chunk: buffer, length: chunk.length }, [buffer]);
    },
    async close() {
      await pulled();
      port.postMessage({ done: true });
      cleanUp();
    },
    abort(reason) {
      port.postMessage({ error: String(reason) });
      cleanUp();
    },
  });
  return { writable };
}
