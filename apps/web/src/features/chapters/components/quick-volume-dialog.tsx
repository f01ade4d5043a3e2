import { formatChapterOrder } from "@vt/shared/chapter-label";
import { LibraryBigIcon } from "lucide-react";
import { type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import { DialogActions, DialogShell } from "@/components/dialog-shell";
import { FormField } from "@/components/form-field";
import { useModal } from "@/components/modal/use-modal";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { toast } from "@/lib/toast";
import { useQuickUpdateVolume } from "../api/quick-update-volume";

const NUMBER = /^-?\d+(?:[.,]\d+)?$/;
const num = (s: string) => (NUMBER.test(s.trim()) ? Number(s.trim().replace(",", ".")) : null);

/**
 * Quick volume update: one volume for every chapter whose order is in [from, to], after a
 * confirmation.
 */
export function QuickVolumeDialog({
  comicId,
  defaultFrom,
  defaultTo,
}: {
  comicId: number;
  defaultFrom?: number;
  defaultTo?: number;
}) {
  const { t } = useTranslation();
  const modal = useModal();
  const mutation = useQuickUpdateVolume();
  const [open, setOpen] = useState(false);
  const [volume, setVolume] = useState("");
  const [from, setFrom] = useState(defaultFrom === undefined ? "" : formatChapterOrder(defaultFrom));
  const [to, setTo] = useState(defaultTo === undefined ? "" : formatChapterOrder(defaultTo));
  const [errors, setErrors] = useState<{ volume?: string; from?: string; to?: string }>({});

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const v = num(volume);
    const f = num(from);
    const tt = num(to);
    const next: typeof errors = {};
    if (v === null || v < 0)
      next.volume = volume.trim()
        ? t("validation.invalid")
        : t("validation.required", { field: t("chapters.quickVolume.volume") });
    if (f === null || (f < 0 && f !== -1)) next.from = t("validation.chapterOrderInvalid");
    if (tt === null || (tt < 0 && tt !== -1)) next.to = t("validation.chapterOrderInvalid");
    if (!next.from && !next.to && f !== null && tt !== null && f > tt)
      next.to = t("chapters.quickVolume.rangeInvalid");
    setErrors(next);
    if (Object.keys(next).length > 0 || v === null || f === null || tt === null) return;
    await modal.confirm({
      title: t("chapters.quickVolume.confirmTitle", { volume: formatChapterOrder(v) }),
      description: t("chapters.quickVolume.confirmDescription", {
        volume: formatChapterOrder(v),
        from: formatChapterOrder(f),
        to: formatChapterOrder(tt),
      }),
      onConfirm: async () => {
        const res = await mutation.mutateAsync({
          comicId,
          volume: v,
          fromChapterOrder: f,
          toChapterOrder: tt,
        });
        toast.success(t("chapters.quickVolume.done", { count: res.count }));
        setOpen(false);
      },
    });
  };

  return (
    <DialogShell
      open={open}
      onOpenChange={setOpen}
      trigger={
        <Button variant="outline">
          <LibraryBigIcon aria-hidden />
          {t("chapters.quickVolume.open")}
        </Button>
      }
      closeLabel={t("chapters.preview.close")}
      title={t("chapters.quickVolume.title")}
      description={t("chapters.quickVolume.description")}
      onSubmit={submit}
      footer={
        <DialogActions
          onCancel={() => setOpen(false)}
          disabled={mutation.isPending}
          label={t("chapters.quickVolume.submit")}
        />
      }
    >
      <FormField label={t("chapters.quickVolume.volume")} error={errors.volume}>
        <Input inputMode="decimal" value={volume} onChange={(e) => setVolume(e.target.value)} />
      </FormField>
      <div className="grid grid-cols-2 gap-3">
        <FormField label={t("chapters.quickVolume.from")} error={errors.from}>
          <Input inputMode="decimal" value={from} onChange={(e) => setFrom(e.target.value)} />
        </FormField>
        <FormField label={t("chapters.quickVolume.to")} error={errors.to}>
          <Input inputMode="decimal" value={to} onChange={(e) => setTo(e.target.value)} />
        </FormField>
      </div>
    </DialogShell>
  );
}
