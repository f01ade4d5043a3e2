import { type RefObject, useEffect, useState } from "react";
import { getImagePool } from "@/lib/images/pool";

/**
 * The image a page tile shows. A stored scrambled page (a `key`, and no local file to show) is
 * rebuilt in the image workers once its tile scrolls into view, so uploaders reorder pages they can
 * recognise; everything else shows `thumb` as it is.
 */
export function usePageThumb(
  ref: RefObject<HTMLElement | null>,
  thumb: string | undefined,
  key: string | undefined,
): string | undefined {
  const needsRebuild = !!key && !!thumb && !thumb.startsWith("blob:");
  const [rebuilt, setRebuilt] = useState<{ src: string; url: string } | null>(null);
  useEffect(() => {
    if (!needsRebuild || !thumb || !key || !ref.current) return;
    const controller = new AbortController();
    let url: string | undefined;
    const observer = new IntersectionObserver(
      (entries) => {
        if (!entries.some((e) => e.isIntersecting)) return;
        observer.disconnect();
        (async () => {
          const res = await fetch(thumb, { signal: controller.signal, credentials: "same-origin" });
          if (!res.ok) return;
          const out = await getImagePool().unscramblePage(await res.blob(), key, {
            signal: controller.signal,
          });
          url = URL.createObjectURL(out.blob);
          setRebuilt({ src: thumb, url });
        })().catch(() => {
          // The scrambled image stays: still a page, just not recognisable.
        });
      },
      { rootMargin: "200px" },
    );
    observer.observe(ref.current);
    return () => {
      observer.disconnect();
      controller.abort();
      if (url) URL.revokeObjectURL(url);
    };
  }, [needsRebuild, thumb, key, ref]);
  if (!needsRebuild) return thumb;
  return rebuilt?.src === thumb ? rebuilt.url : undefined;
}
