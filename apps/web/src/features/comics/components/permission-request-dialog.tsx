import type { TComicListItem } from "@vt/shared/contracts/comics";
import { ZPermissionRequestForm } from "@vt/shared/contracts/requests";
import { useTranslation } from "react-i18next";
import { useRequestPermission } from "../api/request-permission";
import { RequestDialog, RequestFields, useRequestForm } from "./request-dialog";

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
  const request = useRequestPermission();
  const { form, dialog } = useRequestForm({
    open: comic !== null,
    schema: ZPermissionRequestForm,
    defaults: { teamId: teams.length === 1 ? teams[0]!.id : null, reason: "" },
    onOpenChange,
    send: async (values) =>
      comic
        ? request.mutateAsync({ comicId: comic.id, teamId: values.teamId ?? 0, reason: values.reason })
        : undefined,
    pending: request.isPending,
    successTitle: t("success.permissionRequested"),
  });

  return (
    <RequestDialog
      {...dialog}
      title={t("comics.request.dialogTitle")}
      description={t("comics.request.dialogDescription", { title: comic?.title ?? "" })}
    >
      <RequestFields form={form} teams={teams} placeholder={t("comics.request.reasonPlaceholder")} />
    </RequestDialog>
  );
}
