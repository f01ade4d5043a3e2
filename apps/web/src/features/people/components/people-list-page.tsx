import type { TPerson, TPersonKind } from "@vt/shared/contracts/people";
import { type LucideIcon, PlusIcon, SearchXIcon } from "lucide-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { EmptyState } from "@/components/empty-state";
import { Page } from "@/components/page";
import { PageHeader } from "@/components/page-header";
import { ListSkeleton, QueryState } from "@/components/query-state";
import { Button } from "@/components/ui/button";
import { Pagination } from "@/components/ui/pagination";
import { SearchInput } from "@/components/ui/search-input";
import { usePeople } from "../api/get-people";
import { PeopleTable } from "./people-table";
import { PersonDeleteDialog } from "./person-delete-dialog";
import { PersonFormDialog } from "./person-form-dialog";

const PAGE_SIZE = 20;
const PAGE_KEYS = { author: "authors", artist: "artists", character: "characters" } as const;

/**
 * /authors, /artists, /characters: the list of one kind with search and pages (in the URL), create
 * and edit dialogs, and the delete request. `teams`: my teams, for the delete request.
 */
export function PeopleListPage({
  kind,
  icon,
  page,
  search,
  teams,
  onSearchChange,
}: {
  kind: TPersonKind;
  icon: LucideIcon;
  page: number;
  search: string | undefined;
  teams: { id: number; name: string }[];
  onSearchChange: (next: { page?: number; search?: string }) => void;
}) {
  const { t } = useTranslation();
  const people = usePeople({ kind, page, limit: PAGE_SIZE, search });
  const [editing, setEditing] = useState<TPerson | null>(null);
  const [creating, setCreating] = useState(false);
  const [deleting, setDeleting] = useState<TPerson | null>(null);
  const list = people.data?.people ?? [];
  const pageKey = PAGE_KEYS[kind];

  const createButton = (
    <Button onClick={() => setCreating(true)}>
      <PlusIcon aria-hidden />
      {t(`people.${kind}.create`)}
    </Button>
  );

  return (
    <Page>
      <PageHeader
        title={t(`pages.${pageKey}.title`)}
        description={t(`pages.${pageKey}.description`)}
        actions={createButton}
      />
      <SearchInput
        value={search ?? ""}
        onSearch={(value) => onSearchChange({ search: value || undefined })}
        label={t(`people.${kind}.searchLabel`)}
        placeholder={t(`people.${kind}.searchPlaceholder`)}
      />
      <QueryState
        query={people}
        loading={
          <div className="rounded-xl border bg-card p-3">
            <ListSkeleton rows={6} rowClassName="h-8" />
          </div>
        }
      >
        {() =>
          list.length === 0 && search ? (
            <EmptyState
              icon={SearchXIcon}
              title={t("people.noResultsTitle")}
              description={t("people.noResultsDescription", { search })}
            >
              <Button variant="outline" onClick={() => onSearchChange({})}>
                {t("people.clearSearch")}
              </Button>
            </EmptyState>
          ) : list.length === 0 ? (
            <EmptyState
              icon={icon}
              title={t(`pages.${pageKey}.emptyTitle`)}
              description={t(`pages.${pageKey}.emptyDescription`)}
            >
              {createButton}
            </EmptyState>
          ) : (
            <>
              <PeopleTable
                people={list}
                label={t(`pages.${pageKey}.title`)}
                busy={people.isPlaceholderData}
                canRequestDelete={teams.length > 0}
                onEdit={setEditing}
                onRequestDelete={setDeleting}
              />
              <Pagination
                page={page}
                totalPages={people.data?.totalPages ?? 1}
                onPageChange={(next) => onSearchChange({ search, page: next > 1 ? next : undefined })}
              />
            </>
          )
        }
      </QueryState>
      <PersonFormDialog
        kind={kind}
        open={creating || editing !== null}
        person={editing}
        onOpenChange={(open) => {
          if (open) return;
          setCreating(false);
          setEditing(null);
        }}
      />
      <PersonDeleteDialog
        kind={kind}
        person={deleting}
        teams={teams}
        onOpenChange={(open) => !open && setDeleting(null)}
      />
    </Page>
  );
}
