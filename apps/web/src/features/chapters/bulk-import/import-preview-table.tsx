import type { ImportWarning } from "@vt/shared/chapter-import";
import { BLOCKING_IMPORT_WARNINGS } from "@vt/shared/chapter-import";
import type { PlannedRow } from "@vt/shared/import-plan";
import { useTranslation } from "react-i18next";
import { Badge } from "@/components/ui/badge";
import { Checkbox } from "@/components/ui/checkbox";
import { Input } from "@/components/ui/input";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import type { RowChecks } from "./page-checks";
import { PageChecksCell } from "./page-checks-cell";

/** What the user types in one row of the preview (parsed into a PlannedRow by the dialog). */
export type RowEdit = { orderText: string; volumeText: string; title: string; skip: boolean };

export type PreviewRow = PlannedRow & RowEdit & { volumeInvalid: boolean };

/**
 * The preview table of bulk import: each chapter's order, volume, title and skip box, its page
 * count and warnings, and once "Check pages" ran (`checks` given), its page checks.
 */
export function ImportPreviewTable({
  rows,
  onEdit,
  checks,
}: {
  rows: readonly PreviewRow[];
  onEdit: (key: string, edit: Partial<RowEdit>) => void;
  checks?: ReadonlyMap<string, RowChecks>;
}) {
  const { t } = useTranslation();
  return (
    <div className="max-h-[50vh] overflow-auto rounded-lg border">
      <Table aria-label={t("power.bulkImport.tableLabel")}>
        <TableHeader className="sticky top-0 bg-background">
          <TableRow>
            <TableHead className="w-12">{t("power.bulkImport.columns.import")}</TableHead>
            <TableHead className="w-28">{t("power.bulkImport.columns.order")}</TableHead>
            <TableHead className="w-20">{t("power.bulkImport.columns.volume")}</TableHead>
            <TableHead>{t("power.bulkImport.columns.title")}</TableHead>
            <TableHead className="w-16 text-right">{t("power.bulkImport.columns.pages")}</TableHead>
            <TableHead>{t("power.bulkImport.columns.warnings")}</TableHead>
            {checks && <TableHead className="min-w-56">{t("power.bulkImport.checks.column")}</TableHead>}
            <TableHead>{t("power.bulkImport.columns.source")}</TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {rows.map((row) => (
            <TableRow
              key={row.key}
              data-testid="bulk-import-row"
              className={row.skip ? "opacity-50" : undefined}
            >
              <TableCell>
                <Checkbox
                  checked={!row.skip}
                  onCheckedChange={(checked) => onEdit(row.key, { skip: checked !== true })}
                  aria-label={t("power.bulkImport.rowImport", { source: row.sourceName })}
                />
              </TableCell>
              <TableCell>
                <Input
                  value={row.orderText}
                  onChange={(e) => onEdit(row.key, { orderText: e.target.value })}
                  aria-label={`${t("power.bulkImport.columns.order")} ${row.sourceName}`}
                  title={t("power.bulkImport.orderHint")}
                  aria-invalid={(!row.skip && row.order === null) || undefined}
                  disabled={row.skip}
                  className="h-8"
                />
              </TableCell>
              <TableCell>
                <Input
                  value={row.volumeText}
                  onChange={(e) => onEdit(row.key, { volumeText: e.target.value })}
                  aria-label={`${t("power.bulkImport.columns.volume")} ${row.sourceName}`}
                  aria-invalid={row.volumeInvalid || undefined}
                  disabled={row.skip}
                  inputMode="decimal"
                  className="h-8"
                />
              </TableCell>
              <TableCell>
                <Input
                  value={row.title}
                  onChange={(e) => onEdit(row.key, { title: e.target.value })}
                  aria-label={`${t("power.bulkImport.columns.title")} ${row.sourceName}`}
                  disabled={row.skip}
                  className="h-8 min-w-40"
                />
              </TableCell>
              <TableCell className="text-right tabular-nums">{row.pageCount}</TableCell>
              <TableCell>
                <div className="flex flex-wrap gap-1">
                  {row.warnings.map((w) => (
                    <WarningBadge key={w} warning={w} />
                  ))}
                  {row.volumeInvalid && (
                    <Badge variant="destructive">{t("power.bulkImport.volumeInvalid")}</Badge>
                  )}
                </div>
              </TableCell>
              {checks && (
                <TableCell>
                  <PageChecksCell result={checks.get(row.key)} />
                </TableCell>
              )}
              <TableCell className="max-w-48 truncate text-muted-foreground text-xs" title={row.sourceName}>
                {row.sourceName}
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </div>
  );
}

function WarningBadge({ warning }: { warning: ImportWarning }) {
  const { t } = useTranslation();
  const blocking = BLOCKING_IMPORT_WARNINGS.includes(warning);
  return (
    <Badge variant={blocking ? "destructive" : "secondary"} data-warning={warning}>
      {t(`power.bulkImport.warnings.${warning}`)}
    </Badge>
  );
}
