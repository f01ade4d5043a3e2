import type { UseQueryResult } from "@tanstack/react-query";
import { Children, cloneElement, isValidElement, type ReactElement, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { QueryState } from "@/components/query-state";
import { Pagination } from "@/components/ui/pagination";
import { Skeleton } from "@/components/ui/skeleton";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";

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

/**
 * A table of a paged list (admin area, history): its column heads (`review.admin.columns.*`), then
 * `children`, its rows (TableRow of TableCell). On a phone the rows are cards (`table-cards` in
 * index.css): each cell on its own line after its column's name (given to the cell as
 * `data-label`), the actions cell last and unlabelled, nothing scrolled sideways or clipped.
 */
export function ListTable({
  columns,
  children,
}: {
  columns: readonly (ListColumn | { key: ListColumn; className: string })[];
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const labels = columns.map((column) => {
    const key = typeof column === "string" ? column : column.key;
    return key === "actions" ? undefined : t(`review.admin.columns.${key}`);
  });
  const rows = Children.map(children, (row) => {
    if (!isValidElement<{ children?: ReactNode }>(row) || row.type !== TableRow) return row;
    let index = 0;
    const cells = Children.map(row.props.children, (cell) => {
      if (!isValidElement(cell) || cell.type !== TableCell) return cell;
      const label = labels[index++];
      return label
        ? cloneElement(cell as ReactElement<{ "data-label"?: string }>, { "data-label": label })
        : cell;
    });
    return cloneElement(row, {}, cells);
  });
  return (
    <Table className="table-cards">
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
      <TableBody>{rows}</TableBody>
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
