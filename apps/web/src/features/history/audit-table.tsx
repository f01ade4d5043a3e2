import type { TAuditEntry } from "@vt/shared/contracts/admin";
import { useTranslation } from "react-i18next";
import { ListFrame, type ListProps, ListTable } from "@/components/list-table";
import { TableCell, TableRow } from "@/components/ui/table";
import { formatDateTime } from "@/lib/date-format";
import { cn } from "@/lib/utils";
import { type AuditSource, useAudit } from "./api/get-audit";
import { auditAction, auditChanges, auditSubject, type Translate } from "./audit-changes";

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

export function AuditRows({ entries, lang, t }: { entries: TAuditEntry[]; lang: string; t: Translate }) {
  return (
    <ListTable columns={["when", "who", "what", { key: "changes", className: "max-md:hidden" }]}>
      {entries.map((entry) => (
        <TableRow key={entry.id} data-testid="audit-row">
          <TableCell className="md:whitespace-nowrap">{formatDateTime(entry.createdAt, lang)}</TableCell>
          <TableCell>{entry.actor?.name ?? "—"}</TableCell>
          <TableCell>
            <span className="font-medium">{auditSubject(entry, t)}</span> · {auditAction(entry, t)}
            {/* A phone has no room for a fourth column: the changes go under the action. */}
            <ChangeList entry={entry} lang={lang} t={t} className="mt-1 md:hidden" />
          </TableCell>
          <TableCell className="max-md:hidden">
            <ChangeList entry={entry} lang={lang} t={t} />
          </TableCell>
        </TableRow>
      ))}
    </ListTable>
  );
}

/** The field changes of one audit row, "field: before → after" (field names from the catalogue). */
function ChangeList({
  entry,
  lang,
  t,
  className,
}: {
  entry: TAuditEntry;
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
