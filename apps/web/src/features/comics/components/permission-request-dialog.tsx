import { zodResolver } from "@hookform/resolvers/zod";
import type { TComicListItem } from "@vt/shared/contracts/comics";
import { ZPermissionRequestForm } from "@vt/shared/contracts/requests";
import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { FormField } from "@/components/form-field";
import { useModal } from "@/components/modal/use-modal";
import { Textarea } from "@/components/ui/textarea";
import { useFieldError } from "@/lib/use-field-error";
import { useRequestPermission } from "../api/request-permission";
import { RequestDialog } from "./request-dialog";
import { TeamField } from "./team-field";

type FormInput = { teamId: number | null; reason: string };

/** A team of mine asks to upload to an existing comic, with a reason (docs/requests.md). */
export function PermissionRequestDialog({
  comic,
  teams,
  onOpenChange,
}: {
  comic: Pick<TComicListItem, "id" | "title"> | null;
  teams: { id: number; name: string }[];
  onOpenChange: (open: boolean) => void;
}) {
  const { t } = useTranslation();
  const modal = useModal();
  const fieldError = useFieldError();
  const request = useRequestPermission();
  const form = useForm<FormInput>({
    resolver: zodResolver(ZPermissionRequestForm) as never,
    defaultValues: { teamId: teams.length === 1 ? teams[0]!.id : null, reason: "" },
  });

  const close = (next: boolean) => {
    onOpenChange(next);
    if (!next) form.reset({ teamId: teams.length === 1 ? teams[0]!.id : null, reason: "" });
  };

  const submit = form.handleSubmit(async (values) => {
    if (!comic) return;
    const done = await request
      .mutateAsync({ comicId: comic.id, teamId: values.teamId ?? 0, reason: values.reason })
      .catch(() => undefined);
    if (!done) return;
    close(false);
    void modal.success({ title: t("success.permissionRequested"), description: done.message });
  });

  return (
    <RequestDialog
      open={comic !== null}
      onOpenChange={close}
      title={t("comics.request.dialogTitle")}
      description={t("comics.request.dialogDescription", { title: comic?.title ?? "" })}
      pending={request.isPending}
      onSubmit={submit}
      errors={form.formState.errors}
    >
      <TeamField control={form.control} name="teamId" teams={teams} label={t("comics.requests.team")} />
      <FormField
        label={t("fields.reason")}
        error={fieldError(form.formState.errors.reason, "reason", { max: 1000 })}
      >
        <Textarea rows={3} placeholder={t("comics.request.reasonPlaceholder")} {...form.register("reason")} />
      </FormField>
    </RequestDialog>
  );
}
