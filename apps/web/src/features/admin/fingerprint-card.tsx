import { PlayIcon } from "lucide-react";
import { useTranslation } from "react-i18next";
import { ActionButton } from "@/components/action-button";
import { QueryState } from "@/components/query-state";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Progress } from "@/components/ui/progress";
import { Skeleton } from "@/components/ui/skeleton";
import { formatDateTime } from "@/lib/date-format";
import { usePageFingerprints, useRunPageFingerprints } from "./api/get-page-fingerprints";

/**
 * How far the `pages.fingerprint` job has come with the pages stored before page checks
 * (docs/page-checks.md): done of total, whether a run goes on, waits or when the last one ended,
 * and "Run now" (docs/jobs.md, "Page fingerprints").
 */
export function FingerprintCard() {
  const { t, i18n } = useTranslation();
  const status = usePageFingerprints();
  const run = useRunPageFingerprints();
  return (
    <Card data-testid="fingerprint-card">
      <CardHeader>
        <CardTitle>{t("review.admin.fingerprints.title")}</CardTitle>
        <CardDescription>{t("review.admin.fingerprints.description")}</CardDescription>
      </CardHeader>
      <CardContent>
        <QueryState
          query={status}
          loading={<Skeleton className="h-10" aria-busy="true" data-state="loading" />}
        >
          {(s) => (
            <div className="grid gap-2 text-sm">
              <Progress
                value={s.total ? (s.fingerprinted / s.total) * 100 : 100}
                aria-label={t("review.admin.fingerprints.title")}
              />
              <p>{t("review.admin.fingerprints.count", { done: s.fingerprinted, total: s.total })}</p>
              <p
                className="text-muted-foreground"
                data-state={s.running ? "running" : s.waiting ? "waiting" : (s.lastState ?? "never")}
              >
                {s.running
                  ? t("review.admin.fingerprints.running")
                  : s.waiting
                    ? t("review.admin.fingerprints.waiting")
                    : s.lastFinishedAt
                      ? t(`review.admin.fingerprints.finished.${s.lastState ?? "completed"}`, {
                          at: formatDateTime(s.lastFinishedAt, i18n.language),
                        })
                      : t("review.admin.fingerprints.never")}
              </p>
              <div>
                <ActionButton
                  type="button"
                  size="sm"
                  variant="outline"
                  icon={<PlayIcon aria-hidden />}
                  label={t("review.admin.fingerprints.run")}
                  pending={run.isPending}
                  disabled={s.running || s.waiting}
                  onClick={() => run.mutate()}
                />
              </div>
            </div>
          )}
        </QueryState>
      </CardContent>
    </Card>
  );
}
