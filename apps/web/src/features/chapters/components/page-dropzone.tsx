import { MAX_PAGES_PER_UPLOAD, PAGE_MAX_MB } from "@vt/shared/constants";
import { FolderUpIcon, ImagePlusIcon } from "lucide-react";
import { type DragEvent, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "@/components/ui/button";
import { cn } from "@/lib/utils";
import { filesFromDataTransfer } from "../dropped-files";

/**
 * Where pages come in: drop files or whole folders (DataTransfer items, walked recursively), or
 * pick files or a folder (webkitdirectory). Hands every file found to `onFiles`.
 */
export function PageDropzone({
  onFiles,
  disabled,
  invalid,
  describedBy,
}: {
  onFiles: (files: File[]) => void;
  disabled?: boolean;
  invalid?: boolean;
  describedBy?: string;
}) {
  const { t } = useTranslation();
  const filesInput = useRef<HTMLInputElement>(null);
  const folderInput = useRef<HTMLInputElement>(null);
  const [over, setOver] = useState(false);

  const onDrop = async (event: DragEvent<HTMLDivElement>) => {
    event.preventDefault();
    setOver(false);
    if (disabled) return;
    onFiles(await filesFromDataTransfer(event.dataTransfer));
  };

  return (
    <section
      aria-label={t("chapters.pages.title")}
      onDragOver={(e) => {
        e.preventDefault();
        if (!disabled) setOver(true);
      }}
      onDragLeave={() => setOver(false)}
      onDrop={onDrop}
      aria-describedby={describedBy}
      aria-invalid={invalid || undefined}
      className={cn(
        "flex flex-col items-center justify-center gap-3 rounded-xl border-2 border-dashed bg-card/50 px-4 py-8 text-center transition-colors",
        over && "border-primary bg-primary/5",
        invalid && "border-destructive",
        disabled && "opacity-60",
      )}
    >
      <ImagePlusIcon aria-hidden className="size-8 text-muted-foreground" />
      <p className="font-medium text-sm">
        {over ? t("chapters.pages.dropActive") : t("chapters.pages.drop")}
      </p>
      <p className="max-w-md text-muted-foreground text-xs">
        {t("chapters.pages.dropHint", { max: PAGE_MAX_MB, count: MAX_PAGES_PER_UPLOAD })}
      </p>
      <div className="flex flex-wrap justify-center gap-2">
        <Button
          type="button"
          variant="outline"
          size="sm"
          disabled={disabled}
          onClick={() => filesInput.current?.click()}
        >
          <ImagePlusIcon aria-hidden />
          {t("chapters.pages.chooseFiles")}
        </Button>
        <Button
          type="button"
          variant="outline"
          size="sm"
          disabled={disabled}
          onClick={() => folderInput.current?.click()}
        >
          <FolderUpIcon aria-hidden />
          {t("chapters.pages.chooseFolder")}
        </Button>
      </div>
      <input
        ref={filesInput}
        type="file"
        multiple
        accept="image/*"
        hidden
        data-testid="page-files-input"
        aria-label={t("chapters.pages.chooseFiles")}
        onChange={(e) => {
          const files = [...(e.target.files ?? [])];
          e.target.value = "";
          if (files.length) onFiles(files);
        }}
      />
      <input
        ref={(el) => {
          folderInput.current = el;
          el?.setAttribute("webkitdirectory", "");
        }}
        type="file"
        multiple
        hidden
        aria-label={t("chapters.pages.chooseFolder")}
        onChange={(e) => {
          const files = [...(e.target.files ?? [])];
          e.target.value = "";
          if (files.length) onFiles(files);
        }}
      />
    </section>
  );
}
