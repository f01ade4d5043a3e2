import type { Team } from "@vt/shared/api-schemas";
import {
  canManageMember,
  canOwnTeam,
  type TAssignableTeamRole,
  type TeamActor,
  type TTeamMember,
} from "@vt/shared/contracts/teams";
import { CrownIcon, EllipsisVerticalIcon, UserMinusIcon } from "lucide-react";
import { useTranslation } from "react-i18next";
import { useModal } from "@/components/modal/use-modal";
import { ErrorState } from "@/components/query-state";
import { Avatar, AvatarFallback, AvatarImage } from "@/components/ui/avatar";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuTrigger,
} from "@/components/ui/dropdown-menu";
import { Pagination } from "@/components/ui/pagination";
import { SearchInput } from "@/components/ui/search-input";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/components/ui/select";
import { Skeleton } from "@/components/ui/skeleton";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import { formatDate } from "@/lib/date-format";
import { initials } from "@/lib/initials";
import { toast } from "@/lib/toast";
import { useTeamMembers } from "../api/get-team-members";
import { useRemoveMember } from "../api/remove-member";
import { useTransferOwnership } from "../api/transfer-ownership";
import { useUpdateMemberRole } from "../api/update-member-role";
import { RoleBadge } from "./role-badge";

const PAGE_SIZE = 20;

export type MembersTableProps = {
  team: Team;
  /** The signed-in user (their own row offers no actions: they leave instead). */
  currentUserId: number | string | undefined;
  isAdmin: boolean;
  page: number;
  search: string | undefined;
  onSearchChange: (search: { page?: number; search?: string }) => void;
};

/** The members of the team, with role changes, removal and ownership transfer where the caller may. */
export function MembersTable({
  team,
  currentUserId,
  isAdmin,
  page,
  search,
  onSearchChange,
}: MembersTableProps) {
  const { t } = useTranslation();
  const members = useTeamMembers({ teamId: team.id, page, search, limit: PAGE_SIZE });
  const actor: TeamActor = { role: team.myRole, isAdmin };
  const rows = members.data?.members ?? [];

  return (
    <section aria-labelledby="members-heading" className="grid min-w-0 grid-cols-1 gap-4">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <h2 id="members-heading" className="font-semibold text-lg">
          {t("teams.members.listTitle", { count: members.data?.total ?? team.memberCount })}
        </h2>
        <SearchInput
          value={search ?? ""}
          onSearch={(value) => onSearchChange({ search: value || undefined })}
          label={t("teams.members.searchLabel")}
          placeholder={t("teams.members.searchPlaceholder")}
        />
      </div>
      {members.isError && !members.data ? (
        <ErrorState
          error={members.error}
          onRetry={() => void members.refetch()}
          retrying={members.isFetching}
        />
      ) : (
        <div className="rounded-xl border bg-card shadow-sm">
          {/* On a phone each member is a card (`table-cards`, index.css): name, e-mail and badge in full. */}
          <Table className="table-cards">
            <TableHeader>
              <TableRow className="hover:bg-transparent">
                <TableHead>{t("teams.members.columns.member")}</TableHead>
                <TableHead className="max-md:hidden">{t("teams.members.columns.email")}</TableHead>
                <TableHead>{t("teams.members.columns.role")}</TableHead>
                <TableHead>{t("teams.members.columns.joined")}</TableHead>
                <TableHead className="w-12">
                  <span className="sr-only">{t("teams.members.columns.actions")}</span>
                </TableHead>
              </TableRow>
            </TableHeader>
            <TableBody aria-busy={members.isPending || undefined}>
              {members.isPending && !members.isError ? (
                Array.from({ length: 4 }, (_, index) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have nothing else to key on
                  <TableRow key={index}>
                    <TableCell colSpan={5}>
                      <div className="flex items-center gap-3">
                        <Skeleton className="size-9 rounded-full" />
                        <Skeleton className="h-4 w-40" />
                      </div>
                    </TableCell>
                  </TableRow>
                ))
              ) : rows.length === 0 ? (
                <TableRow className="hover:bg-transparent">
                  <TableCell colSpan={5} className="py-8 text-center text-muted-foreground">
                    {t("teams.members.noResults")}
                  </TableCell>
                </TableRow>
              ) : (
                rows.map((member) => (
                  <MemberRow
                    key={member.userId}
                    team={team}
                    member={member}
                    actor={actor}
                    isMe={String(member.userId) === String(currentUserId)}
                  />
                ))
              )}
            </TableBody>
          </Table>
        </div>
      )}
      <Pagination
        page={page}
        totalPages={members.data?.totalPages ?? 1}
        onPageChange={(next) => onSearchChange({ search, page: next > 1 ? next : undefined })}
      />
    </section>
  );
}

function MemberRow({
  team,
  member,
  actor,
  isMe,
}: {
  team: Team;
  member: TTeamMember;
  actor: TeamActor;
  isMe: boolean;
}) {
  const { t, i18n } = useTranslation();
  const modal = useModal();
  const updateRole = useUpdateMemberRole(team.id);
  const remove = useRemoveMember(team.id);
  const transfer = useTransferOwnership(team.id);
  const manageable = !isMe && canManageMember(actor, member.role);
  const transferable = !isMe && member.role !== "owner" && canOwnTeam(actor);
  const name = member.name || member.email;

  const changeRole = async (role: TAssignableTeamRole) => {
    const updated = await updateRole.mutateAsync({ userId: member.userId, role }).catch(() => undefined);
    if (updated) {
      toast.success(
        t("teams.members.roleChanged", { name, role: t(`teams.roles.${role}`).toLocaleLowerCase() }),
      );
    }
  };

  return (
    <TableRow>
      {/* Takes the room the other columns leave and truncates the name in it on a wide screen; on a
          phone the row is a card and the name and e-mail wrap instead. */}
      <TableCell className="w-full sm:max-w-0 sm:overflow-hidden">
        <div className="flex min-w-0 items-center gap-3">
          <Avatar className="size-9">
            {member.avatar && <AvatarImage src={member.avatar} alt="" />}
            <AvatarFallback>{initials(name)}</AvatarFallback>
          </Avatar>
          <div className="grid min-w-0">
            <span className="flex min-w-0 items-center gap-2 font-medium">
              <span className="break-words sm:truncate">{name}</span>
              {isMe && <Badge variant="outline">{t("teams.members.you")}</Badge>}
            </span>
            <span className="break-all text-muted-foreground text-xs sm:truncate md:hidden">
              {member.email}
            </span>
          </div>
        </div>
      </TableCell>
      <TableCell className="max-w-56 truncate text-muted-foreground max-md:hidden">{member.email}</TableCell>
      <TableCell data-label={t("teams.members.columns.role")}>
        {/* A select only when there is a choice (a manager grants uploader only: nothing to switch to). */}
        {manageable && team.can.assignableRoles.some((role) => role !== member.role) ? (
          <Select
            value={member.role}
            disabled={updateRole.isPending}
            onValueChange={(role) => void changeRole(role as TAssignableTeamRole)}
          >
            <SelectTrigger
              size="sm"
              aria-label={t("teams.members.changeRole", { name })}
              className="min-w-28"
            >
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              {team.can.assignableRoles.map((role) => (
                <SelectItem key={role} value={role}>
                  {t(`teams.roles.${role}`)}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        ) : (
          <RoleBadge value={member.role} />
        )}
      </TableCell>
      <TableCell
        data-label={t("teams.members.columns.joined")}
        className="whitespace-nowrap text-muted-foreground"
      >
        {formatDate(member.joinedAt, i18n.language)}
      </TableCell>
      <TableCell>
        {(manageable || transferable) && (
          <DropdownMenu>
            <DropdownMenuTrigger asChild>
              <Button variant="ghost" size="icon-sm" aria-label={t("teams.members.actionsFor", { name })}>
                <EllipsisVerticalIcon aria-hidden />
              </Button>
            </DropdownMenuTrigger>
            <DropdownMenuContent align="end">
              {transferable && (
                <DropdownMenuItem
                  onSelect={() =>
                    modal.confirm({
                      title: t("teams.members.transferConfirmTitle", { name }),
                      description: t("teams.members.transferConfirmDescription", { name }),
                      confirmLabel: t("teams.members.transfer"),
                      onConfirm: async () => {
                        await transfer.mutateAsync(member.userId);
                        toast.success(t("teams.members.transferred", { name }));
                      },
                    })
                  }
                >
                  <CrownIcon aria-hidden />
                  {t("teams.members.transfer")}
                </DropdownMenuItem>
              )}
              {manageable && (
                <DropdownMenuItem
                  variant="destructive"
                  onSelect={() =>
                    modal.confirm({
                      title: t("teams.members.removeConfirmTitle", { name }),
                      description: t("teams.members.removeConfirmDescription", { name }),
                      confirmLabel: t("teams.members.remove"),
                      destructive: true,
                      onConfirm: async () => {
                        await remove.mutateAsync(member.userId);
                        toast.success(t("teams.members.removed", { name }));
                      },
                    })
                  }
                >
                  <UserMinusIcon aria-hidden />
                  {t("teams.members.remove")}
                </DropdownMenuItem>
              )}
            </DropdownMenuContent>
          </DropdownMenu>
        )}
      </TableCell>
    </TableRow>
  );
}
