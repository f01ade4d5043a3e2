import type { TTrashItem } from "@vt/shared/contracts/trash";
import { RotateCcwIcon } from "lucide-react";
import { useTranslation } from "react-i18next";
import { ListFrame, type ListProps, ListTable } from "@/components/list-table";
import { useModal } from "@/components/modal/use-modal";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { TableCell, TableRow } from "@/components/ui/table";
import { formatDate, formatDateTime } from "@/lib/date-format";
import { toast } from "@/lib/toast";
import { useAdminUsers } from "./api/get-admin-users";
import { useAllTeams } from "./api/get-all-teams";
import { useTrash } from "./api/get-trash";
import { usePatchUser } from "./api/patch-user";
import { useRestore } from "./api/restore";

export function AdminUsers({ page, search, onPage }: ListProps) {
  const { t, i18n } = useTranslation();
  const users = useAdminUsers({ page, search, limit: 20 });
  const patch = usePatchUser();
  const modal = useModal();
  const change = (
    user: { id: number; name: string },
    body: { role?: "user" | "admin"; disabled?: boolean },
    title: string,
    description?: string,
  ) =>
    void modal.confirm({
      title,
      description,
      destructive: body.disabled === true || body.role === "user",
      onConfirm: () =>
        patch.mutateAsync({ id: user.id, ...body }).then(
          () => toast.success(t("review.userUpdated")),
          () => undefined,
        ),
    });
  return (
    <ListFrame query={users} isEmpty={(d) => d.users.length === 0} page={page} onPage={onPage}>
      {(data) => (
        <ListTable columns={["name", "email", "role", "teams", "state", "created", "actions"]}>
          {data.users.map((user) => (
            <TableRow key={user.id}>
              <TableCell className="font-medium">{user.name}</TableCell>
              <TableCell>{user.email}</TableCell>
              <TableCell>
                {user.role === "admin" ? (
                  <Badge>{t("review.admin.roleAdmin")}</Badge>
                ) : (
                  t("review.admin.roleUser")
                )}
              </TableCell>
              <TableCell className="tabular-nums">{user.teamCount}</TableCell>
              <TableCell>
                {user.disabledAt ? (
                  <Badge variant="destructive">{t("review.admin.disabled")}</Badge>
                ) : (
                  t("review.admin.active")
                )}
              </TableCell>
              <TableCell>{formatDate(user.createdAt, i18n.language)}</TableCell>
              <TableCell className="flex flex-wrap gap-1">
                <Button
                  size="sm"
                  variant="outline"
                  onClick={() =>
                    change(
                      user,
                      { role: user.role === "admin" ? "user" : "admin" },
                      t(user.role === "admin" ? "review.admin.revokeTitle" : "review.admin.grantTitle", {
                        name: user.name,
                      }),
                    )
                  }
                >
                  {t(user.role === "admin" ? "review.admin.revoke" : "review.admin.grant")}
                </Button>
                <Button
                  size="sm"
                  variant={user.disabledAt ? "outline" : "ghost"}
                  onClick={() =>
                    change(
                      user,
                      { disabled: !user.disabledAt },
                      user.disabledAt
                        ? t("review.admin.enable")
                        : t("review.admin.disableTitle", { name: user.name }),
                      user.disabledAt ? undefined : t("review.admin.disableDescription"),
                    )
                  }
                >
                  {t(user.disabledAt ? "review.admin.enable" : "review.admin.disable")}
                </Button>
              </TableCell>
            </TableRow>
          ))}
        </ListTable>
      )}
    </ListFrame>
  );
}

export function AdminTeams({ page, search, onPage }: ListProps) {
  const { i18n } = useTranslation();
  const teams = useAllTeams({ page, search, limit: 20 });
  return (
    <ListFrame query={teams} isEmpty={(d) => d.teams.length === 0} page={page} onPage={onPage}>
      {(data) => (
        <ListTable columns={["name", "members", "created"]}>
          {data.teams.map((team) => (
            <TableRow key={team.id}>
              <TableCell className="font-medium">
                <a className="underline-offset-4 hover:underline" href={`/teams/${team.id}`}>
                  {team.name}
                </a>
              </TableCell>
              <TableCell className="tabular-nums">{team.memberCount}</TableCell>
              <TableCell>{formatDate(team.createdAt, i18n.language)}</TableCell>
            </TableRow>
          ))}
        </ListTable>
      )}
    </ListFrame>
  );
}

function trashName(t: (key: string, options?: Record<string, unknown>) => string, item: TTrashItem) {
  if (item.type !== "chapter") return item.name;
  const chapter = item.name || `#${item.order ?? ""}`;
  return t("review.admin.chapterOf", { chapter, comic: item.comic?.title ?? "" });
}

/** The trash: what the caller may restore (admins: everything). */
export function TrashList({ page, search, onPage }: ListProps) {
  const { t, i18n } = useTranslation();
  const trash = useTrash({ page, search, limit: 20 });
  const restore = useRestore();
  const modal = useModal();
  return (
    <ListFrame query={trash} isEmpty={(d) => d.items.length === 0} page={page} onPage={onPage}>
      {(data) => (
        <ListTable columns={["type", "name", "deleted", "deletedBy", "purgeAt", "actions"]}>
          {data.items.map((item) => {
            const name = trashName(t as never, item);
            return (
              <TableRow key={`${item.type}:${item.id}`} data-testid="trash-row">
                <TableCell>{t(`review.admin.trashType.${item.type}`)}</TableCell>
                <TableCell className="font-medium">{name}</TableCell>
                <TableCell>{formatDateTime(item.deletedAt, i18n.language)}</TableCell>
                <TableCell>{item.deletedBy?.name ?? "—"}</TableCell>
                <TableCell>{formatDateTime(item.purgeAt, i18n.language)}</TableCell>
                <TableCell>
                  <Button
                    size="sm"
                    variant="outline"
                    aria-label={`${t("review.admin.restore")}: ${name}`}
                    onClick={() =>
                      void modal.confirm({
                        title: t("review.admin.restoreTitle", { name }),
                        description: t("review.admin.restoreDescription"),
                        confirmLabel: t("review.admin.restore"),
                        onConfirm: () =>
                          restore.mutateAsync({ type: item.type, id: item.id }).then(
                            () => toast.success(t("review.admin.restored")),
                            () => undefined,
                          ),
                      })
                    }
                  >
                    <RotateCcwIcon aria-hidden />
                    {t("review.admin.restore")}
                  </Button>
                </TableCell>
              </TableRow>
            );
          })}
        </ListTable>
      )}
    </ListFrame>
  );
}
