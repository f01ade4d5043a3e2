import { zodResolver } from "@hookform/resolvers/zod";
import type { TComicDetail } from "@vt/shared/contracts/comics";
import { ZDeleteRequestBody } from "@vt/shared/contracts/requests";
import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { FormField } from "@/components/form-field";
import { useModal } from "@/components/modal/use-modal";
import { Textarea } from "@/components/ui/textarea";
import { useFieldError } from "@/lib/use-field-error";
import { useRequestDelete } from "../api/request-delete";
import { RequestDialog } from "./request-dialog";
import { TeamField } from "./team-field";

const ZForm = ZDeleteRequestBody.omit({ comicId: true });
type FormInput = { teamId: number | null; reason: string };

/** Asks the admins to delete the comic: the requesting team and a reason (required). */
export function RequestDeleteDialog({
  comic,
  open,
  onOpenChange,
}: {
  comic: TComicDetail;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const { t } = useTranslation();
  const modal = useModal();
  const fieldError = useFieldError();
  const request = useRequestDelete(comic.id);
  const teams = comic.can.teams;
  const form = useForm<FormInput>({
    resolver: zodResolver(ZForm) as never,
    defaultValues: { teamId: teams.length === 1 ? teams[0]!.id : null, reason: "" },
  });

  const close = (next: boolean) => {
    onOpenChange(next);
    if (!next) form.reset();
  };

  const submit = form.handleSubmit(async (values) => {
    const done = await request
      .mutateAsync({ teamId: values.teamId ?? 0, reason: values.reason })
      .catch(() => undefined);
    if (!done) return;
    close(false);
    void modal.success({ title: t("success.deleteRequested"), description: done.message });
  });

  return (
    <RequestDialog
      open={open}
      onOpenChange={close}
      title={t("comics.requests.deleteTitle")}
      description={t("comics.requests.deleteDescription", { title: comic.title })}
      pending={request.isPending}
      onSubmit={submit}
      errors={form.formState.errors}
      destructive
    >
      <TeamField control={form.control} name="teamId" teams={teams} label={t("comics.requests.team")} />
      <FormField
        label={t("fields.reason")}
        error={fieldError(form.formState.errors.reason, "reason", { max: 1000 })}
      >
        <Textarea
          rows={4}
          placeholder={t("comics.requests.reasonPlaceholder")}
          {...form.register("reason")}
        />
      </FormField>
    </RequestDialog>
  );
}
