import { CropIcon, ImageUpIcon } from "lucide-react";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { ImagePicker } from "@/components/image-picker";
import { Button } from "@/components/ui/button";
import { imageProblem } from "@/lib/image-file";
import { coverVerdict, decodeImage } from "../cover-image";
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
  const [localError, setLocalError] = useState<string | null>(null);
  const [cropping, setCropping] = useState<{ image: ImageBitmap; name: string } | null>(null);
  const [lastPicked, setLastPicked] = useState<{ image: ImageBitmap; name: string } | null>(null);

  useEffect(() => () => lastPicked?.image.close(), [lastPicked]);

  async function pick(file: File | undefined) {
    if (!file || disabled) return;
    const problem = await imageProblem(file, maxBytes);
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

  const error = localError ?? outerError;
  const uploading = percent !== null;

  return (
    <>
      <ImagePicker
        className="grid content-start gap-2"
        label={label}
        imageUrl={imageUrl}
        imageAlt={t("comics.cover.preview")}
        frameClassName="aspect-[3/4] w-40 sm:w-48"
        placeholder={t("comics.cover.dropHint")}
        percent={percent}
        uploadingText={t("comics.cover.uploading", { percent })}
        hint={<p className="text-muted-foreground text-xs">{t("comics.cover.rule")}</p>}
        error={error}
        dropDisabled={disabled}
        pickDisabled={disabled || uploading}
        pickLabel={
          <>
            <ImageUpIcon aria-hidden />
            {imageUrl ? t("comics.cover.replace") : t("comics.cover.choose")}
          </>
        }
        actions={
          lastPicked &&
          !uploading && (
            <Button variant="ghost" size="sm" disabled={disabled} onClick={() => setCropping(lastPicked)}>
              <CropIcon aria-hidden />
              {t("comics.cover.recrop")}
            </Button>
          )
        }
        onFile={(file) => void pick(file)}
      />
      <CoverCropDialog
        image={cropping?.image ?? null}
        fileName={cropping?.name ?? "cover.jpg"}
        onCancel={() => setCropping(null)}
        onCropped={(file) => {
          setCropping(null);
          onPick(file);
        }}
      />
    </>
  );
}
