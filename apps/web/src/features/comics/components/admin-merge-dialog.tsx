import type { ComicDetail } from "@vt/shared/api-schemas";
import { type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import { useModal } from "@/components/modal/use-modal";
import { useMergeComic } from "../api/merge-comic";
import { ComicSearchPicker } from "./comic-search-picker";
import { RequestDialog } from "./request-dialog";

/** Platform admins: merges this comic into a target at once (cannot be undone), then opens the target. */
export function AdminMergeDialog({
  comic,
  open,
  onOpenChange,
  onMerged,
}: {
  comic: ComicDetail;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onMerged: (targetComicId: number) => void;
}) {
  const { t } = useTranslation();
  const modal = useModal();
  const merge = useMergeComic(comic.id);
  const [target, setTarget] = useState<{ id: number; title: string } | null>(null);
  const [error, setError] = useState<string | undefined>();

  const close = (next: boolean) => {
    onOpenChange(next);
    if (!next) {
      setTarget(null);
      setError(undefined);
    }
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!target) return setError(t("validation.comicRequired"));
    if (target.id === comic.id) return setError(t("validation.mergeSelf"));
    const done = await merge.mutateAsync(target.id).catch(() => undefined);
    if (!done) return;
    close(false);
    await modal.success({ title: t("success.merged"), description: done.message });
    onMerged(done.targetComicId);
  };

  return (
    <RequestDialog
      open={open}
      onOpenChange={close}
      title={t("comics.admin.mergeTitle")}
      description={t("comics.admin.mergeDescription", { title: comic.title })}
      pending={merge.isPending}
      onSubmit={(event) => void submit(event)}
      submitLabel={t("comics.admin.mergeSubmit")}
      destructive
    >
      <ComicSearchPicker
        label={t("comics.requests.target")}
        excludeId={comic.id}
        value={target}
        onChange={(next) => {
          setTarget(next);
          setError(undefined);
        }}
        error={error}
      />
    </RequestDialog>
  );
}
