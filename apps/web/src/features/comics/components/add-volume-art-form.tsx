import { COMIC_IMAGE_MAX_BYTES } from "@vt/shared/contracts/comics";
import { ImageUpIcon, UploadIcon } from "lucide-react";
import { type FormEvent, useEffect, useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { ActionButton } from "@/components/action-button";
import { ImagePickButton } from "@/components/image-picker";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Progress } from "@/components/ui/progress";
import { imageProblem } from "@/lib/image-file";
import { toast } from "@/lib/toast";
import { useCreateComicArt } from "../api/create-comic-art";

/** Adds one volume's art: the volume number (next free one by default) and an image, with progress. */
export function AddVolumeArtForm({ comicId, nextVolume }: { comicId: number; nextVolume: number }) {
  const { t } = useTranslation();
  const id = useId();
  const create = useCreateComicArt(comicId);
  const [volume, setVolume] = useState(String(nextVolume));
  const [file, setFile] = useState<File | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [percent, setPercent] = useState<number | null>(null);

  useEffect(() => setVolume(String(nextVolume)), [nextVolume]);

  const pick = async (picked: File | undefined) => {
    if (!picked) return;
    const problem = await imageProblem(picked, COMIC_IMAGE_MAX_BYTES);
    if (problem) {
      setFile(null);
      setError(t(problem.key as "validation.fileTypeInvalid", { types: "", ...problem.params }));
      return;
    }
    setError(null);
    setFile(picked);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const number = Number(volume);
    if (volume.trim() === "" || !Number.isInteger(number) || number < 0) {
      setError(t("validation.invalid"));
      return;
    }
    if (!file) {
      setError(t("comics.volumes.imageRequired"));
      return;
    }
    setError(null);
    setPercent(0);
    const art = await create
      .mutateAsync({ volume: number, file, onProgress: (progress) => setPercent(progress.percent ?? 0) })
      .catch(() => undefined)
      .finally(() => setPercent(null));
    if (!art) return;
    toast.success(t("success.created"));
    setFile(null);
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle className="text-base">{t("comics.volumes.add")}</CardTitle>
      </CardHeader>
      <CardContent>
        <form
          noValidate
          onSubmit={submit}
          className="grid gap-4 sm:grid-cols-[8rem_minmax(0,1fr)_auto] sm:items-end"
        >
          <div className="grid gap-2">
            <Label htmlFor={`${id}-volume`}>{t("comics.volumes.volume")}</Label>
            <Input
              id={`${id}-volume`}
              type="number"
              inputMode="numeric"
              min={0}
              step={1}
              value={volume}
              onChange={(event) => setVolume(event.target.value)}
            />
          </div>
          <div className="grid gap-2">
            <span id={`${id}-image`} className="font-medium text-sm">
              {t("comics.volumes.image")}
            </span>
            <ImagePickButton
              labelledBy={`${id}-image`}
              size="default"
              className="justify-start font-normal"
              disabled={create.isPending}
              onFile={(picked) => void pick(picked)}
            >
              <ImageUpIcon aria-hidden />
              <span className="truncate">
                {file ? t("comics.volumes.pickedFile", { name: file.name }) : t("comics.cover.choose")}
              </span>
            </ImagePickButton>
          </div>
          <ActionButton
            type="submit"
            pending={create.isPending}
            icon={<UploadIcon aria-hidden />}
            label={t("comics.volumes.upload")}
          />
          {percent !== null && (
            <div className="grid gap-1 sm:col-span-3">
              <span className="text-xs" role="status">
                {t("comics.volumes.uploading", { percent })}
              </span>
              <Progress value={percent} aria-label={t("comics.volumes.image")} />
            </div>
          )}
          {error && (
            <p role="alert" className="text-destructive text-sm sm:col-span-3">
              {error}
            </p>
          )}
        </form>
      </CardContent>
    </Card>
  );
}
