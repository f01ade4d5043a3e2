import { type DragEvent, type ReactNode, useRef, useState } from "react";
import { Button } from "@/components/ui/button";
import { cn } from "@/lib/utils";
import { filesFromDataTransfer } from "../dropped-files";

/** One "choose…" button of a dropzone and the hidden file input it opens. */
export type PickButton = {
  label: string;
  icon: ReactNode;
  accept?: string;
  multiple?: boolean;
  /** Picks a whole folder (webkitdirectory). */
  folder?: boolean;
  testId?: string;
};

/**
 * The drop area of the chapter pages and of bulk import: drop files or whole folders (walked
 * recursively), or pick them with the buttons. Hands every file found to `onFiles`.
 */
export function FileDropzone({
  label,
  icon,
  title,
  activeTitle = title,
  hint,
  buttons,
  onFiles,
  disabled = false,
  invalid = false,
  describedBy,
  className,
}: {
  label: string;
  icon: ReactNode;
  title: string;
  /** The title while something is dragged over. */
  activeTitle?: string;
  hint?: string;
  buttons: PickButton[];
  onFiles: (files: File[]) => void;
  disabled?: boolean;
  invalid?: boolean;
  describedBy?: string;
  className?: string;
}) {
  const [over, setOver] = useState(false);
  const onDrop = async (event: DragEvent<HTMLElement>) => {
    event.preventDefault();
    setOver(false);
    if (disabled) return;
    onFiles(await filesFromDataTransfer(event.dataTransfer));
  };
  return (
    <section
      aria-label={label}
      onDragOver={(e) => {
        e.preventDefault();
        if (!disabled) setOver(true);
      }}
      onDragLeave={() => setOver(false)}
      onDrop={onDrop}
      aria-describedby={describedBy}
      aria-invalid={invalid || undefined}
      className={cn(
        "flex flex-col items-center justify-center gap-3 rounded-xl border-2 border-dashed bg-card/50 px-4 text-center",
        className,
        over && "border-primary bg-primary/5",
        invalid && "border-destructive",
        disabled && "opacity-60",
      )}
    >
      {icon}
      <p className="font-medium text-sm">{over ? activeTitle : title}</p>
      {hint && <p className="max-w-md text-muted-foreground text-xs">{hint}</p>}
      <div className="flex flex-wrap justify-center gap-2">
        {buttons.map((button) => (
          <PickFilesButton key={button.label} {...button} disabled={disabled} onFiles={onFiles} />
        ))}
      </div>
    </section>
  );
}

function PickFilesButton({
  label,
  icon,
  accept,
  multiple,
  folder,
  testId,
  disabled,
  onFiles,
}: PickButton & { disabled: boolean; onFiles: (files: File[]) => void }) {
  const input = useRef<HTMLInputElement | null>(null);
  return (
    <>
      <Button
        type="button"
        variant="outline"
        size="sm"
        disabled={disabled}
        onClick={() => input.current?.click()}
      >
        {icon}
        {label}
      </Button>
      <input
        ref={(el) => {
          input.current = el;
          if (folder) el?.setAttribute("webkitdirectory", "");
        }}
        type="file"
        multiple={multiple || folder}
        accept={accept}
        hidden
        data-testid={testId}
        aria-label={label}
        onChange={(e) => {
          const files = [...(e.target.files ?? [])];
          e.target.value = "";
          if (files.length) onFiles(files);
        }}
      />
    </>
  );
}
