import type { UseQueryResult } from "@tanstack/react-query";
import type { TTrashItem } from "@vt/shared/contracts/trash";
import { RotateCcwIcon } from "lucide-react";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { useModal } from "@/components/modal/use-modal";
import { QueryState } from "@/components/query-state";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Pagination } from "@/components/ui/pagination";
import { Skeleton } from "@/components/ui/skeleton";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import { formatDate, formatDateTime } from "@/lib/date-format";
import { toast } from "@/lib/toast";
import { cn } from "@/lib/utils";
import {
  type AuditSource,
  useAdminUsers,
  useAllTeams,
  useAudit,
  usePatchUser,
  useRestore,
  useTrash,
} from "./api";
import { auditChanges, type Translate } from "./audit-changes";

type AdminColumn =
  | "name"
  | "email"
  | "role"
  | "teams"
  | "state"
  | "created"
  | "actions"
  | "members"
  | "type"
  | "deleted"
  | "deletedBy"
  | "purgeAt"
  | "when"
  | "who"
  | "what"
  | "changes";

/** A table of the admin area: its column heads (`review.admin.columns.*`), then `children`, its rows. */
function AdminTable({
  columns,
  children,
}: {
  columns: readonly (AdminColumn | { key: AdminColumn; className: string })[];
  children: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <Table>
      <TableHeader>
        <TableRow>
          {columns.map((column) =>
            typeof column === "string" ? (
              <TableHead key={column}>{t(`review.admin.columns.${column}`)}</TableHead>
            ) : (
              <TableHead key={column.key} className={column.className}>
                {t(`review.admin.columns.${column.key}`)}
              </TableHead>
            ),
          )}
        </TableRow>
      </TableHeader>
      <TableBody>{children}</TableBody>
    </Table>
  );
}

type ListProps = { page: number; search?: string; onPage: (page: number) => void };

/** Loading, error with Retry (the shared QueryState, never shown as empty), empty, or the table and its pages. */
function ListFrame<T extends { totalPages: number }>({
  query,
  isEmpty,
  page,
  onPage,
  children,
}: {
  query: UseQueryResult<T>;
  isEmpty: (data: T) => boolean;
  page: number;
  onPage: (page: number) => void;
  children: (data: T) => ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <QueryState query={query} loading={<Skeleton className="h-40" aria-busy="true" data-state="loading" />}>
      {(data) =>
        isEmpty(data) ? (
          <p className="py-8 text-center text-muted-foreground text-sm">{t("review.admin.empty")}</p>
        ) : (
          <div className="grid gap-4" aria-busy={query.isPlaceholderData || undefined}>
            <div className="overflow-x-auto rounded-lg border">{children(data)}</div>
            <Pagination
              page={page}
              totalPages={data.totalPages}
              onPageChange={onPage}
              label={t("review.admin.pagination")}
            />
          </div>
        )
      }
    </QueryState>
  );
}

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
        <AdminTable columns={["name", "email", "role", "teams", "state", "created", "actions"]}>
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
        </AdminTable>
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
        <AdminTable columns={["name", "members", "created"]}>
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
        </AdminTable>
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
        <AdminTable columns={["type", "name", "deleted", "deletedBy", "purgeAt", "actions"]}>
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
        </AdminTable>
      )}
    </ListFrame>
  );
}

/** Audit rows (admin search, or a comic's / chapter's history). */
export function AuditTable({
  page,
  search,
  onPage,
  source,
}: ListProps & {
  /** Every row (admins, the default), or a history: `{ comicId: 12 }`, `{ chapterId: 3 }`. */
  source?: AuditSource;
}) {
  const { t, i18n } = useTranslation();
  const audit = useAudit(source, { page, search, limit: 20 });
  return (
    <ListFrame query={audit} isEmpty={(d) => d.entries.length === 0} page={page} onPage={onPage}>
      {(data) => <AuditRows entries={data.entries} lang={i18n.language} t={t as never} />}
    </ListFrame>
  );
}

export function AuditRows({
  entries,
  lang,
  t,
}: {
  entries: import("@vt/shared/contracts/admin").TAuditEntry[];
  lang: string;
  t: Translate;
}) {
  return (
    <AdminTable columns={["when", "who", "what", { key: "changes", className: "max-md:hidden" }]}>
      {entries.map((entry) => (
        <TableRow key={entry.id} data-testid="audit-row">
          <TableCell className="md:whitespace-nowrap">{formatDateTime(entry.createdAt, lang)}</TableCell>
          <TableCell>{entry.actor?.name ?? "—"}</TableCell>
          <TableCell>
            <span className="font-medium">
              {t(`review.history.entity.${entry.entity}`, {
                defaultValue: t("review.history.entity.other"),
              })}
            </span>{" "}
            {entry.entityId ? `#${entry.entityId}` : ""} ·{" "}
            {t(`review.history.action.${entry.action}`, { defaultValue: t("review.history.action.other") })}
            {/* A phone has no room for a fourth column: the changes go under the action. */}
            <ChangeList entry={entry} lang={lang} t={t} className="mt-1 md:hidden" />
          </TableCell>
          <TableCell className="max-md:hidden">
            <ChangeList entry={entry} lang={lang} t={t} />
          </TableCell>
        </TableRow>
      ))}
    </AdminTable>
  );
}

/** The field changes of one audit row, "field: before → after" (field names from the catalogue). */
function ChangeList({
  entry,
  lang,
  t,
  className,
}: {
  entry: import("@vt/shared/contracts/admin").TAuditEntry;
  lang: string;
  t: Translate;
  className?: string;
}) {
  return (
    <ul className={cn("grid gap-0.5 whitespace-normal text-xs", className)}>
      {auditChanges(entry.before, entry.after, t, lang).map((change) => (
        <li key={change.key} className="[overflow-wrap:anywhere]">
          <span className="text-muted-foreground">{change.label}:</span> {change.before} → {change.after}
        </li>
      ))}
    </ul>
  );
}
