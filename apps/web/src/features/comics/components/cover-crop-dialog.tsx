import { COVER_MIN_WIDTH } from "@vt/shared/constants";
import { CropIcon, ZoomInIcon, ZoomOutIcon } from "lucide-react";
import { type KeyboardEvent, type PointerEvent, useCallback, useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { DialogActions, DialogShell } from "@/components/dialog-shell";
import { Slider } from "@/components/ui/slider";
import { showErrorToast } from "@/lib/error-toast";
import { type CropRect, clampCrop, cropCover, croppedSize, initialCrop, zoomCrop } from "../cover-image";

const KEY_STEP = 20;

/**
 * Fits a picture to 3:4: drag the picture (or use the arrow keys) to move the window, zoom with the
 * slider or the wheel. The window never gets smaller than 600 px of the source, so the result is
 * always a valid cover (3:4, at least 600x800).
 */
export function CoverCropDialog({
  image,
  fileName,
  onCancel,
  onCropped,
}: {
  image: ImageBitmap | null;
  fileName: string;
  onCancel: () => void;
  onCropped: (file: File) => void;
}) {
  const { t } = useTranslation();
  const drag = useRef<{ x: number; y: number; rect: CropRect } | null>(null);
  const [viewportWidth, setViewportWidth] = useState(0);
  const [rect, setRect] = useState<CropRect | null>(null);
  const [busy, setBusy] = useState(false);

  const canvas = useRef<HTMLCanvasElement>(null);

  useEffect(() => setRect(image ? initialCrop(image) : null), [image]);

  const drawn = useRef<{ canvas: HTMLCanvasElement; image: ImageBitmap } | null>(null);

  // The picture is drawn once per canvas; moving and zooming only change its CSS transform.
  useEffect(() => {
    const element = canvas.current;
    if (!image || !element || (drawn.current?.canvas === element && drawn.current.image === image)) return;
    element.getContext("2d")?.drawImage(image, 0, 0);
    drawn.current = { canvas: element, image };
  });

  // The viewport mounts with the dialog: a ref callback (with React 19 cleanup) follows its width.
  const viewport = useCallback((element: HTMLDivElement | null) => {
    if (!element) return;
    const observer = new ResizeObserver(([entry]) => setViewportWidth(entry?.contentRect.width ?? 0));
    observer.observe(element);
    return () => observer.disconnect();
  }, []);

  const size = image ? { width: image.width, height: image.height } : null;
  const maxWidth = size ? initialCrop(size).width : 0;
  const minWidth = Math.min(COVER_MIN_WIDTH, maxWidth);
  const scale = rect && viewportWidth ? viewportWidth / rect.width : 0;
  const zoom = rect ? maxWidth / rect.width : 1;
  const maxZoom = minWidth ? maxWidth / minWidth : 1;

  const setZoom = (value: number) => {
    if (!rect || !size) return;
    setRect(zoomCrop(rect, maxWidth / Math.min(maxZoom, Math.max(1, value)), size));
  };

  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    if (!rect) return;
    event.currentTarget.setPointerCapture(event.pointerId);
    drag.current = { x: event.clientX, y: event.clientY, rect };
  };
  const onPointerMove = (event: PointerEvent<HTMLDivElement>) => {
    const start = drag.current;
    if (!start || !size || !scale) return;
    const dx = (event.clientX - start.x) / scale;
    const dy = (event.clientY - start.y) / scale;
    setRect(clampCrop({ ...start.rect, x: start.rect.x - dx, y: start.rect.y - dy }, size));
  };
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (!rect || !size) return;
    const moves: Record<string, [number, number]> = {
      ArrowLeft: [-KEY_STEP, 0],
      ArrowRight: [KEY_STEP, 0],
      ArrowUp: [0, -KEY_STEP],
      ArrowDown: [0, KEY_STEP],
    };
    const move = moves[event.key];
    if (move) {
      event.preventDefault();
      setRect(clampCrop({ ...rect, x: rect.x + move[0], y: rect.y + move[1] }, size));
    } else if (event.key === "+" || event.key === "=") setZoom(zoom * 1.1);
    else if (event.key === "-") setZoom(zoom / 1.1);
  };

  const confirm = async () => {
    if (!image || !rect) return;
    setBusy(true);
    try {
      onCropped(await cropCover(image, rect, fileName));
    } catch (error) {
      showErrorToast(error);
    } finally {
      setBusy(false);
    }
  };

  const output = rect ? croppedSize(rect.width) : null;

  return (
    <DialogShell
      open={image !== null}
      onOpenChange={(open) => !open && !busy && onCancel()}
      className="sm:max-w-md"
      title={t("comics.crop.title")}
      description={t("comics.crop.description")}
      footer={
        <DialogActions
          onCancel={onCancel}
          cancelDisabled={busy}
          pending={busy}
          disabled={busy || !rect}
          icon={<CropIcon aria-hidden />}
          label={t("comics.crop.apply")}
          onConfirm={() => void confirm()}
        />
      }
    >
      <div
        ref={viewport}
        role="application"
        aria-label={t("comics.crop.area")}
        // biome-ignore lint/a11y/noNoninteractiveTabindex: an application region that takes arrow keys, + and -
        tabIndex={0}
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={() => {
          drag.current = null;
        }}
        onPointerCancel={() => {
          drag.current = null;
        }}
        onWheel={(event) => setZoom(zoom * (event.deltaY < 0 ? 1.08 : 1 / 1.08))}
        onKeyDown={onKeyDown}
        className="relative mx-auto aspect-[3/4] w-full max-w-72 cursor-grab touch-none select-none overflow-hidden rounded-lg bg-muted outline-none ring-offset-2 focus-visible:ring-[3px] focus-visible:ring-ring/50 active:cursor-grabbing"
      >
        {image && (
          <canvas
            aria-hidden
            ref={canvas}
            width={image.width}
            height={image.height}
            className="pointer-events-none absolute top-0 left-0 max-w-none origin-top-left"
            style={
              rect && scale > 0
                ? { transform: `translate(${-rect.x * scale}px, ${-rect.y * scale}px) scale(${scale})` }
                : { visibility: "hidden" }
            }
          />
        )}
        <div aria-hidden className="pointer-events-none absolute inset-0 grid grid-cols-3 grid-rows-3">
          {Array.from({ length: 9 }, (_, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: a fixed rule-of-thirds grid
            <span key={index} className="border border-white/25" />
          ))}
        </div>
      </div>
      <div className="flex items-center gap-3">
        <ZoomOutIcon aria-hidden className="size-4 text-muted-foreground" />
        <Slider
          thumbLabel={t("comics.crop.zoom")}
          min={1}
          max={Math.max(1, maxZoom)}
          step={0.01}
          value={[zoom]}
          disabled={maxZoom <= 1}
          onValueChange={([value]) => value !== undefined && setZoom(value)}
        />
        <ZoomInIcon aria-hidden className="size-4 text-muted-foreground" />
      </div>
      {output && (
        <p className="text-center text-muted-foreground text-xs tabular-nums">
          {t("comics.crop.output", { width: output.width, height: output.height })}
        </p>
      )}
    </DialogShell>
  );
}
