import { zodResolver } from "@hookform/resolvers/zod";
import { type TComicDetail, zId } from "@vt/shared/contracts/comics";
import { ZMergeRequestBody } from "@vt/shared/contracts/requests";
import { Controller, useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { z } from "zod";
import { FormField } from "@/components/form-field";
import { useModal } from "@/components/modal/use-modal";
import { Textarea } from "@/components/ui/textarea";
import { useFieldError } from "@/lib/use-field-error";
import { useRequestMerge } from "../api/request-merge";
import { ComicSearchPicker } from "./comic-search-picker";
import { RequestDialog } from "./request-dialog";
import { TeamField } from "./team-field";

type FormInput = { target: { id: number; title: string } | null; teamId: number | null; reason: string };

const formSchema = (comicId: number) =>
  z.object({
    target: z
      .object({ id: z.number(), title: z.string() }, { error: () => "validation.comicRequired" })
      .refine((target) => target.id !== comicId, { error: "validation.mergeSelf" }),
    teamId: zId("validation.teamRequired"),
    reason: ZMergeRequestBody.shape.reason,
  });

/** Asks the admins to merge this comic into another: the target (searched), the team and a reason. */
export function RequestMergeDialog({
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
  const request = useRequestMerge(comic.id);
  const teams = comic.can.teams;
  const form = useForm<FormInput>({
    resolver: zodResolver(formSchema(comic.id)) as never,
    defaultValues: { target: null, teamId: teams.length === 1 ? teams[0]!.id : null, reason: "" },
  });

  const close = (next: boolean) => {
    onOpenChange(next);
    if (!next) form.reset();
  };

  const submit = form.handleSubmit(async (values) => {
    const done = await request
      .mutateAsync({ targetComicId: values.target!.id, teamId: values.teamId ?? 0, reason: values.reason })
      .catch(() => undefined);
    if (!done) return;
    close(false);
    void modal.success({ title: t("success.mergeRequested"), description: done.message });
  });

  return (
    <RequestDialog
      open={open}
      onOpenChange={close}
      title={t("comics.requests.mergeTitle")}
      description={t("comics.requests.mergeDescription", { title: comic.title })}
      pending={request.isPending}
      onSubmit={submit}
      errors={form.formState.errors}
    >
      <Controller
        control={form.control}
        name="target"
        render={({ field, fieldState }) => (
          <ComicSearchPicker
            label={t("comics.requests.target")}
            excludeId={comic.id}
            value={field.value}
            onChange={field.onChange}
            error={fieldError(fieldState.error, "targetComicId")}
          />
        )}
      />
      <TeamField control={form.control} name="teamId" teams={teams} label={t("comics.requests.team")} />
      <FormField
        label={t("fields.reason")}
        error={fieldError(form.formState.errors.reason, "reason", { max: 1000 })}
      >
        <Textarea
          rows={3}
          placeholder={t("comics.requests.reasonPlaceholder")}
          {...form.register("reason")}
        />
      </FormField>
    </RequestDialog>
  );
}
