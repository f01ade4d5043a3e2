import { IMAGE_MIME_TYPES } from "@vt/shared/constants";
import { ImageIcon } from "lucide-react";
import { type ComponentProps, type DragEvent, type ReactNode, useId, useRef, useState } from "react";
import { Button } from "@/components/ui/button";
import { Progress } from "@/components/ui/progress";
import { cn } from "@/lib/utils";

/**
 * A button that opens the file picker for one image (PNG, JPEG, WebP): the file input itself stays
 * hidden and out of the tab order, named by `labelledBy` or `label`. The input is cleared after
 * each pick, so picking the same file again is seen.
 */
export function ImagePickButton({
  onFile,
  id,
  labelledBy,
  label,
  describedBy,
  invalid,
  variant = "outline",
  size = "sm",
  className,
  disabled,
  children,
}: {
  onFile: (file: File | undefined) => void;
  id?: string;
  labelledBy?: string;
  label?: string;
  describedBy?: string;
  invalid?: boolean;
  variant?: ComponentProps<typeof Button>["variant"];
  size?: ComponentProps<typeof Button>["size"];
  className?: string;
  disabled?: boolean;
  children: ReactNode;
}) {
  const input = useRef<HTMLInputElement>(null);
  return (
    <>
      <input
        ref={input}
        id={id}
        type="file"
        accept={IMAGE_MIME_TYPES.join(",")}
        className="sr-only"
        aria-label={label}
        aria-labelledby={labelledBy}
        aria-describedby={describedBy}
        aria-invalid={invalid || undefined}
        tabIndex={-1}
        onChange={(event) => {
          onFile(event.target.files?.[0]);
          event.target.value = "";
        }}
      />
      <Button
        variant={variant}
        size={size}
        className={className}
        disabled={disabled}
        onClick={() => input.current?.click()}
      >
        {children}
      </Button>
    </>
  );
}

/**
 * The one image field (comic cover, team cover, logo, QR code): its label, a frame with the image
 * or a placeholder that also takes a dropped file, the upload progress over it, the pick button
 * and more `actions`, and the error. Checking and uploading the file is the caller's (`onFile`).
 */
export function ImagePicker({
  label,
  imageUrl,
  imageAlt,
  imageClassName = "object-cover",
  frameClassName,
  className = "grid gap-2",
  placeholder,
  percent = null,
  uploadingText,
  hint,
  error,
  readOnly = false,
  dropDisabled = readOnly,
  pickLabel,
  pickDisabled,
  actions,
  onFile,
}: {
  label: string;
  imageUrl: string | null;
  imageAlt: string;
  imageClassName?: string;
  frameClassName: string;
  className?: string;
  /** What the empty frame says. */
  placeholder: string;
  /** Upload progress 0-100 while uploading, else null. */
  percent?: number | null;
  uploadingText: string;
  hint?: ReactNode;
  error?: string | null;
  /** Only the picture: no buttons, no drop. */
  readOnly?: boolean;
  dropDisabled?: boolean;
  /** The pick button's icon and text. */
  pickLabel: ReactNode;
  pickDisabled?: boolean;
  actions?: ReactNode;
  onFile: (file: File | undefined) => void;
}) {
  const inputId = useId();
  const labelId = `${inputId}-label`;
  const errorId = `${inputId}-error`;
  const [dragging, setDragging] = useState(false);

  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setDragging(false);
    if (!dropDisabled) onFile(event.dataTransfer.files[0]);
  };

  return (
    <div className={className}>
      <span className="font-medium text-sm" id={labelId}>
        {label}
      </span>
      {/* biome-ignore lint/a11y/noStaticElementInteractions: dropping is a shortcut; the button below is the accessible way to pick */}
      <div
        onDragOver={(event) => {
          if (dropDisabled) return;
          event.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
        className={cn(
          "relative flex items-center justify-center overflow-hidden rounded-lg border bg-muted/40",
          frameClassName,
          dragging && "border-primary border-dashed bg-primary/5",
          error && "border-destructive",
        )}
      >
        {imageUrl ? (
          <img src={imageUrl} alt={imageAlt} className={cn("size-full", imageClassName)} />
        ) : (
          <div className="flex flex-col items-center gap-1.5 p-3 text-center text-muted-foreground text-xs">
            <ImageIcon aria-hidden className="size-6" />
            {placeholder}
          </div>
        )}
        {percent !== null && (
          <div className="absolute inset-x-0 bottom-0 grid gap-1 bg-background/85 p-2 backdrop-blur-sm">
            <span className="text-xs" role="status">
              {uploadingText}
            </span>
            <Progress value={percent} aria-labelledby={labelId} />
          </div>
        )}
      </div>
      {hint}
      {!readOnly && (
        <div className="flex flex-wrap gap-2">
          <ImagePickButton
            id={inputId}
            labelledBy={labelId}
            describedBy={error ? errorId : undefined}
            invalid={!!error}
            disabled={pickDisabled}
            onFile={onFile}
          >
            {pickLabel}
          </ImagePickButton>
          {actions}
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
