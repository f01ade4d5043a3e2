import { ZDeleteRequestBody } from "@vt/shared/contracts/requests";
import { useTranslation } from "react-i18next";
import { useRequestDelete } from "../api/request-delete";
import { type ComicRequestDialogProps, RequestDialog, RequestFields, useRequestForm } from "./request-dialog";

const ZForm = ZDeleteRequestBody.omit({ comicId: true });

/** Asks the admins to delete the comic: the requesting team and a reason (required). */
export function RequestDeleteDialog({ comic, open, onOpenChange }: ComicRequestDialogProps) {
  const { t } = useTranslation();
  const request = useRequestDelete(comic.id);
  const teams = comic.can.teams;
  const { form, dialog } = useRequestForm({
    open,
    schema: ZForm,
    defaults: { teamId: teams.length === 1 ? teams[0]!.id : null, reason: "" },
    onOpenChange,
    send: (values) => request.mutateAsync({ teamId: values.teamId ?? 0, reason: values.reason }),
    pending: request.isPending,
    successTitle: t("success.deleteRequested"),
  });

  return (
    <RequestDialog
      {...dialog}
      title={t("comics.requests.deleteTitle")}
      description={t("comics.requests.deleteDescription", { title: comic.title })}
      destructive
    >
      <RequestFields
        form={form}
        teams={teams}
        placeholder={t("comics.requests.reasonPlaceholder")}
        rows={4}
      />
    </RequestDialog>
  );
}
