import { IMAGE_MIME_TYPES } from "@vt/shared/constants";
import type { TStoredImage } from "@vt/shared/contracts/images";
import { ImageIcon, ImageUpIcon, LoaderCircleIcon, Trash2Icon } from "lucide-react";
import { type DragEvent, useEffect, useId, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "@/components/ui/button";
import { Progress } from "@/components/ui/progress";
import type { ProgressCallback } from "@/lib/api-client";
import { imageProblem } from "@/lib/image-file";
import { cn } from "@/lib/utils";

/**
 * One image of the team (cover, logo, QR code): the current picture or a placeholder, and a picker
 * (click or drop). A picked file is checked in the browser (type by content, size), previewed at
 * once and uploaded with a progress bar; the server's answer replaces the preview.
 */
export function ImageUploadField({
  label,
  image,
  maxBytes,
  shape,
  readOnly = false,
  onUpload,
  onRemove,
}: {
  label: string;
  image: TStoredImage | null;
  maxBytes: number;
  /** cover: wide banner; square: logo or QR code. */
  shape: "cover" | "square";
  readOnly?: boolean;
  onUpload: (file: File, onProgress: ProgressCallback) => Promise<unknown>;
  onRemove?: () => void;
}) {
  const { t } = useTranslation();
  const inputId = useId();
  const errorId = `${inputId}-error`;
  const inputRef = useRef<HTMLInputElement>(null);
  const [preview, setPreview] = useState<string | null>(null);
  const [percent, setPercent] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [dragging, setDragging] = useState(false);

  useEffect(() => () => void (preview && URL.revokeObjectURL(preview)), [preview]);

  async function pick(file: File | undefined) {
    if (!file || percent !== null) return;
    const problem = await imageProblem(file, maxBytes);
    if (problem) {
      setError(t(problem.key as "validation.fileTypeInvalid", { types: "", ...problem.params }));
      return;
    }
    setError(null);
    setPreview(URL.createObjectURL(file));
    setPercent(0);
    try {
      await onUpload(file, (progress) => setPercent(progress.percent ?? 0));
    } catch {
      // The error toast was raised centrally; the field goes back to the stored image.
    } finally {
      setPercent(null);
      setPreview(null);
    }
  }

  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setDragging(false);
    if (!readOnly) void pick(event.dataTransfer.files[0]);
  };

  const shown = preview ?? image?.url ?? null;
  const uploading = percent !== null;

  return (
    <div className="grid gap-2">
      <span className="font-medium text-sm" id={`${inputId}-label`}>
        {label}
      </span>
      {/* biome-ignore lint/a11y/noStaticElementInteractions: dropping is a shortcut; the button below is the accessible way to pick */}
      <div
        onDragOver={(event) => {
          if (readOnly) return;
          event.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
        className={cn(
          "relative flex items-center justify-center overflow-hidden rounded-lg border bg-muted/40",
          shape === "cover" ? "aspect-[3/1] w-full" : "aspect-square w-40",
          dragging && "border-primary border-dashed bg-primary/5",
          error && "border-destructive",
        )}
      >
        {shown ? (
          <img
            src={shown}
            alt={t("teams.image.preview", { what: label })}
            className={cn("size-full", shape === "cover" ? "object-cover" : "object-contain")}
          />
        ) : (
          <div className="flex flex-col items-center gap-1.5 p-3 text-center text-muted-foreground text-xs">
            <ImageIcon aria-hidden className="size-6" />
            {readOnly ? t("teams.image.empty") : t("teams.image.dropHint")}
          </div>
        )}
        {uploading && (
          <div className="absolute inset-x-0 bottom-0 grid gap-1 bg-background/85 p-2 backdrop-blur-sm">
            <span className="text-xs" role="status">
              {t("teams.image.uploading", { percent })}
            </span>
            <Progress value={percent} aria-labelledby={`${inputId}-label`} />
          </div>
        )}
      </div>
      {!readOnly && (
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
          <Button variant="outline" size="sm" disabled={uploading} onClick={() => inputRef.current?.click()}>
            {uploading ? (
              <LoaderCircleIcon aria-hidden className="animate-spin" />
            ) : (
              <ImageUpIcon aria-hidden />
            )}
            {image ? t("teams.image.replace") : t("teams.image.choose")}
            <span className="sr-only">: {label}</span>
          </Button>
          {image && onRemove && (
            <Button variant="ghost" size="sm" disabled={uploading} onClick={onRemove}>
              <Trash2Icon aria-hidden />
              {t("teams.image.remove")}
              <span className="sr-only">: {label}</span>
            </Button>
          )}
        </div>
      )}
      {error && (
        <p id={errorId} role="alert" className="text-destructive text-sm">
          {error}
        </p>
      )}
    </div>
  );
}
