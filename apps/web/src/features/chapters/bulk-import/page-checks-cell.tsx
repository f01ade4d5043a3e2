import type { TProposedFinding } from "@vt/shared/contracts/page-checks";
import { useEffect, useMemo } from "react";
import { useTranslation } from "react-i18next";
import { useChapterLabel } from "../hooks/use-chapter-label";
import { useFindingText } from "../hooks/use-finding-text";
import type { RowChecks } from "./page-checks";

/** At most this many thumbnails next to a finding. */
const THUMBS = 4;

/**
 * The page checks of one preview row (docs/page-checks.md): one line per finding with the small
 * thumbnails of its pages, "nothing found", or how many pages could not be read. Findings kept for
 * the whole comic (a recap or credit page kept in the chapter editor) are only counted, as the
 * editor's "Kept (n)". Advice only.
 */
export function PageChecksCell({ result }: { result: RowChecks | undefined }) {
  const { t } = useTranslation();
  const urls = useMemo(() => result?.thumbs.map((b) => (b ? URL.createObjectURL(b) : null)) ?? [], [result]);
  useEffect(
    () => () => {
      for (const u of urls) if (u) URL.revokeObjectURL(u);
    },
    [urls],
  );
  if (!result) return <span className="text-muted-foreground">—</span>;
  const { unchecked } = result.checks;
  const findings = result.checks.findings.filter((f) => !f.kept);
  const kept = result.checks.findings.length - findings.length;
  return (
    <ul className="grid gap-1 text-xs" data-testid="bulk-import-checks">
      {findings.map((f) => (
        // A finding is its kind, its other chapter and its first page: unique within the row.
        <li
          key={`${f.kind}-${f.chapter?.id ?? f.proposed?.index ?? ""}-${f.pages[0]?.position}`}
          data-finding={f.kind}
          className="grid gap-0.5"
        >
          <FindingText finding={f} />
          <span className="flex gap-0.5">
            {f.pages.slice(0, THUMBS).map((p) => {
              const url = urls[p.position - 1];
              const name = result.names[p.position - 1] ?? "";
              return url ? (
                <img
                  key={p.position}
                  src={url}
                  alt={t("power.bulkImport.checks.thumb", { page: p.position, name })}
                  className="h-10 w-auto rounded-sm border"
                />
              ) : null;
            })}
          </span>
        </li>
      ))}
      {unchecked > 0 && (
        <li className="text-muted-foreground">
          {t("power.bulkImport.checks.unchecked", { count: unchecked })}
        </li>
      )}
      {kept > 0 && (
        <li className="text-muted-foreground" data-finding="kept">
          {t("chapters.checks.keptTitle", { count: kept })}
        </li>
      )}
      {findings.length === 0 && unchecked === 0 && (
        <li className="text-muted-foreground">{t("power.bulkImport.checks.none")}</li>
      )}
    </ul>
  );
}

function FindingText({ finding: f }: { finding: TProposedFinding }) {
  const { t } = useTranslation();
  const label = useChapterLabel();
  const findingText = useFindingText();
  const pages = f.pages.map((p) => p.position).join(", ");
  const count = f.pages.length;
  switch (f.kind) {
    case "duplicate":
      return <span>{t("power.bulkImport.checks.duplicate", { count, pages })}</span>;
    case "otherChapter":
      return (
        <span>
          {f.proposed
            ? t("power.bulkImport.checks.otherProposed", {
                matched: f.matched,
                total: f.total,
                source: f.proposed.label,
              })
            : t("power.bulkImport.checks.otherChapter", {
                matched: f.matched,
                total: f.total,
                chapter: f.chapter ? label({ order: f.chapter.order, name: f.chapter.name }) : "",
              })}
        </span>
      );
    case "blank":
      return <span>{t("power.bulkImport.checks.blank", { count, pages })}</span>;
    case "width":
      return (
        <span>
          {t("power.bulkImport.checks.width", { count, pages, width: f.width, medianWidth: f.medianWidth })}
        </span>
      );
    case "narrow":
      return (
        <span>
          {t("power.bulkImport.checks.narrow", { count, pages, width: f.width, minWidth: f.minWidth })}
        </span>
      );
    case "credit":
      // The chapter editor's sentence for the same finding.
      return (
        <span>
          {
            findingText(
              f,
              f.pages.map((p) => p.position),
            ).title
          }
        </span>
      );
  }
}
