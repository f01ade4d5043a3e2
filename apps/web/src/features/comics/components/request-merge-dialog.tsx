import { zId } from "@vt/shared/contracts/comics";
import { ZMergeRequestBody } from "@vt/shared/contracts/requests";
import { Controller } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { z } from "zod";
import { useFieldError } from "@/lib/use-field-error";
import { useRequestMerge } from "../api/request-merge";
import { ComicSearchPicker } from "./comic-search-picker";
import { type ComicRequestDialogProps, RequestDialog, RequestFields, useRequestForm } from "./request-dialog";

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
export function RequestMergeDialog({ comic, open, onOpenChange }: ComicRequestDialogProps) {
  const { t } = useTranslation();
  const fieldError = useFieldError();
  const request = useRequestMerge(comic.id);
  const teams = comic.can.teams;
  const { form, dialog } = useRequestForm<FormInput>({
    open,
    schema: formSchema(comic.id),
    defaults: { target: null, teamId: teams.length === 1 ? teams[0]!.id : null, reason: "" },
    onOpenChange,
    send: (values) =>
      request.mutateAsync({
        targetComicId: values.target!.id,
        teamId: values.teamId ?? 0,
        reason: values.reason,
      }),
    pending: request.isPending,
    successTitle: t("success.mergeRequested"),
  });

  return (
    <RequestDialog
      {...dialog}
      title={t("comics.requests.mergeTitle")}
      description={t("comics.requests.mergeDescription", { title: comic.title })}
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
      <RequestFields form={form} teams={teams} placeholder={t("comics.requests.reasonPlaceholder")} />
    </RequestDialog>
  );
}
