import { describe, expect, it } from "vitest";
import { streamDownloadSupported } from "./stream-download";

const UA = {
  chrome:
    "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36",
  chromeAndroid:
    "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36",
  edge: "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.0.0",
  headless:
    "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/131.0.0.0 Safari/537.36",
  firefox: "Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0",
  safari:
    "Mozilla/5.0 (Macintosh; Intel Mac OS X 14_6) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Safari/605.1.15",
  chromeIos:
    "Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/131.0.6778.73 Mobile/15E148 Safari/604.1",
  firefoxIpad:
    "Mozilla/5.0 (iPad; CPU OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) FxiOS/133.0 Mobile/15E148 Safari/605.1.15",
};
const ok = { serviceWorker: true, secureContext: true };

describe("streamDownloadSupported", () => {
  it("streams in Chromium browsers and Firefox", () => {
    for (const userAgent of [UA.chrome, UA.chromeAndroid, UA.edge, UA.headless, UA.firefox])
      expect(streamDownloadSupported({ userAgent, ...ok }), userAgent).toBe(true);
  });

  it("keeps the Blob download in WebKit: Safari and every browser on iOS/iPadOS", () => {
    for (const userAgent of [UA.safari, UA.chromeIos, UA.firefoxIpad])
      expect(streamDownloadSupported({ userAgent, ...ok }), userAgent).toBe(false);
  });

  it("needs a service worker and a secure context", () => {
    expect(
      streamDownloadSupported({ userAgent: UA.firefox, serviceWorker: false, secureContext: true }),
    ).toBe(false);
    expect(
      streamDownloadSupported({ userAgent: UA.firefox, serviceWorker: true, secureContext: false }),
    ).toBe(false);
  });
});
