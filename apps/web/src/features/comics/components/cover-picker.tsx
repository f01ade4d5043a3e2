import { IMAGE_MIME_TYPES } from "@vt/shared/constants";
import { CropIcon, ImageIcon, ImageUpIcon } from "lucide-react";
import { type DragEvent, useEffect, useId, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "@/components/ui/button";
import { Progress } from "@/components/ui/progress";
import { cn } from "@/lib/utils";
import { coverVerdict, decodeImage, imageFileProblem } from "../cover-image";
import { CoverCropDialog } from "./cover-crop-dialog";

/**
 * A cover field: the current cover (or the picked one) in a 3:4 frame and a picker (click or drop).
 * A picked file is checked in the browser: its type by content, its size, then its dimensions. A
 * 3:4 picture of at least 600x800 is taken as is; a larger picture of another shape opens the crop
 * tool; a smaller one is refused with 'validation.coverRatio'. `onPick` receives a valid cover.
 */
export function CoverPicker({
  label,
  imageUrl,
  maxBytes,
  error: outerError,
  percent = null,
  disabled = false,
  onPick,
}: {
  label: string;
  /** What the frame shows: the stored cover, or the preview of the picked one. */
  imageUrl: string | null;
  maxBytes: number;
  /** A translated error from the form (e.g. the cover is required). */
  error?: string;
  /** Upload progress 0-100 while uploading, else null. */
  percent?: number | null;
  disabled?: boolean;
  onPick: (file: File) => void;
}) {
  const { t } = useTranslation();
  const inputId = useId();
  const errorId = `${inputId}-error`;
  const inputRef = useRef<HTMLInputElement>(null);
  const [localError, setLocalError] = useState<string | null>(null);
  const [dragging, setDragging] = useState(false);
  const [cropping, setCropping] = useState<{ image: ImageBitmap; name: string } | null>(null);
  const [lastPicked, setLastPicked] = useState<{ image: ImageBitmap; name: string } | null>(null);

  useEffect(() => () => lastPicked?.image.close(), [lastPicked]);

  async function pick(file: File | undefined) {
    if (!file || disabled) return;
    const problem = await imageFileProblem(file, maxBytes);
    if (problem) {
      setLocalError(t(problem.key as "validation.fileTypeInvalid", { types: "", ...problem.params }));
      return;
    }
    let image: ImageBitmap;
    try {
      image = await decodeImage(file);
    } catch {
      setLocalError(t("validation.notAnImage"));
      return;
    }
    const verdict = coverVerdict(image);
    if (verdict === "too-small") {
      image.close();
      setLocalError(t("validation.coverRatio"));
      return;
    }
    setLocalError(null);
    setLastPicked({ image, name: file.name });
    if (verdict === "crop") setCropping({ image, name: file.name });
    else onPick(file);
  }

  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setDragging(false);
    void pick(event.dataTransfer.files[0]);
  };

  const error = localError ?? outerError;
  const uploading = percent !== null;

  return (
    <div className="grid content-start gap-2">
      <span className="font-medium text-sm" id={`${inputId}-label`}>
        {label}
      </span>
      {/* biome-ignore lint/a11y/noStaticElementInteractions: dropping is a shortcut; the button below is the accessible way to pick */}
      <div
        onDragOver={(event) => {
          if (disabled) return;
          event.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
        className={cn(
          "relative flex aspect-[3/4] w-40 items-center justify-center overflow-hidden rounded-lg border bg-muted/40 sm:w-48",
          dragging && "border-primary border-dashed bg-primary/5",
          error && "border-destructive",
        )}
      >
        {imageUrl ? (
          <img src={imageUrl} alt={t("comics.cover.preview")} className="size-full object-cover" />
        ) : (
          <div className="flex flex-col items-center gap-1.5 p-3 text-center text-muted-foreground text-xs">
            <ImageIcon aria-hidden className="size-6" />
            {t("comics.cover.dropHint")}
          </div>
        )}
        {uploading && (
          <div className="absolute inset-x-0 bottom-0 grid gap-1 bg-background/85 p-2 backdrop-blur-sm">
            <span className="text-xs" role="status">
              {t("comics.cover.uploading", { percent })}
            </span>
            <Progress value={percent} aria-labelledby={`${inputId}-label`} />
          </div>
        )}
      </div>
      <p className="text-muted-foreground text-xs">{t("comics.cover.rule")}</p>
      <div className="flex flex-wrap gap-2">
        <input
          ref={inputRef}
          id={inputId}
          type="file"
          accept={IMAGE_MIME_TYPES.join(",")}
          className="sr-only"
          aria-labelledby={`${inputId}-label`}
          aria-describedby={error ? errorId : undefined}
          aria-invalid={error ? true : undefined}
          tabIndex={-1}
          onChange={(event) => {
            void pick(event.target.files?.[0]);
            event.target.value = "";
          }}
        />
        <Button
          variant="outline"
          size="sm"
          disabled={disabled || uploading}
          onClick={() => inputRef.current?.click()}
        >
          <ImageUpIcon aria-hidden />
          {imageUrl ? t("comics.cover.replace") : t("comics.cover.choose")}
        </Button>
        {lastPicked && !uploading && (
          <Button variant="ghost" size="sm" disabled={disabled} onClick={() => setCropping(lastPicked)}>
            <CropIcon aria-hidden />
            {t("comics.cover.recrop")}
          </Button>
        )}
      </div>
      {error && (
        <p id={errorId} role="alert" className="text-destructive text-sm">
          {error}
        </p>
      )}
      <CoverCropDialog
        image={cropping?.image ?? null}
        fileName={cropping?.name ?? "cover.jpg"}
        onCancel={() => setCropping(null)}
        onCropped={(file) => {
          setCropping(null);
          onPick(file);
        }}
      />
    </div>
  );
}
