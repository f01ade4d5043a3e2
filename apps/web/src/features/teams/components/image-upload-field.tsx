import type { TStoredImage } from "@vt/shared/contracts/images";
import { ImageUpIcon, LoaderCircleIcon, Trash2Icon } from "lucide-react";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { ImagePicker } from "@/components/image-picker";
import { Button } from "@/components/ui/button";
import type { ProgressCallback } from "@/lib/api-client";
import { imageProblem } from "@/lib/image-file";

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
  const [preview, setPreview] = useState<string | null>(null);
  const [percent, setPercent] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);

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

  const uploading = percent !== null;

  return (
    <ImagePicker
      label={label}
      imageUrl={preview ?? image?.url ?? null}
      imageAlt={t("teams.image.preview", { what: label })}
      imageClassName={shape === "cover" ? "object-cover" : "object-contain"}
      frameClassName={shape === "cover" ? "aspect-[3/1] w-full" : "aspect-square w-40"}
      placeholder={readOnly ? t("teams.image.empty") : t("teams.image.dropHint")}
      percent={percent}
      uploadingText={t("teams.image.uploading", { percent })}
      error={error}
      readOnly={readOnly}
      pickDisabled={uploading}
      pickLabel={
        <>
          {uploading ? (
            <LoaderCircleIcon aria-hidden className="animate-spin" />
          ) : (
            <ImageUpIcon aria-hidden />
          )}
          {image ? t("teams.image.replace") : t("teams.image.choose")}
          <span className="sr-only">: {label}</span>
        </>
      }
      actions={
        image &&
        onRemove && (
          <Button variant="ghost" size="sm" disabled={uploading} onClick={onRemove}>
            <Trash2Icon aria-hidden />
            {t("teams.image.remove")}
            <span className="sr-only">: {label}</span>
          </Button>
        )
      }
      onFile={(file) => void pick(file)}
    />
  );
}
