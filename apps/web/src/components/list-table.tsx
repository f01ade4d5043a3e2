import type { UseQueryResult } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { QueryState } from "@/components/query-state";
import { Pagination } from "@/components/ui/pagination";
import { Skeleton } from "@/components/ui/skeleton";
import { Table, TableBody, TableHead, TableHeader, TableRow } from "@/components/ui/table";

/*
 * The paged tables of the admin area and of comic and chapter history. Their words come from the
 * review catalogue (`review.admin.*`), which the routes showing them load.
 */

export type ListColumn =
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

/** A table of a paged list (admin area, history): its column heads (`review.admin.columns.*`), then `children`, its rows. */
export function ListTable({
  columns,
  children,
}: {
  columns: readonly (ListColumn | { key: ListColumn; className: string })[];
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

export type ListProps = { page: number; search?: string; onPage: (page: number) => void };

/** Loading, error with Retry (the shared QueryState, never shown as empty), empty, or the table and its pages. */
export function ListFrame<T extends { totalPages: number }>({
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
