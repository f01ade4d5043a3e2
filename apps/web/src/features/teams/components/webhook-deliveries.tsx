import { type TWebhookDelivery, type TWebhookEvent, WEBHOOK_EVENTS } from "@vt/shared/contracts/webhooks";
import { RotateCcwIcon } from "lucide-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { ActionButton } from "@/components/action-button";
import { ListSkeleton, QueryState } from "@/components/query-state";
import { Badge } from "@/components/ui/badge";
import { Pagination } from "@/components/ui/pagination";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import { formatDateTime } from "@/lib/date-format";
import { toast } from "@/lib/toast";
import { useResendWebhookDelivery, useWebhookDeliveries } from "../api/webhooks";

/** Rows per page of the log (the server keeps the last 100). */
export const DELIVERIES_PER_PAGE = 20;

const STATUS_BADGE = {
  pending: "outline",
  delivered: "secondary",
  failed: "destructive",
} as const satisfies Record<TWebhookDelivery["status"], string>;

/**
 * A hook's delivery log, newest first: event, status, time, attempts, response code and the first
 * bytes of the answer; a failed delivery can be sent again. Loading, error and empty are distinct;
 * the log refreshes itself while a delivery is being sent.
 */
export function WebhookDeliveries({ teamId, hookId }: { teamId: number; hookId: number }) {
  const { t } = useTranslation();
  const deliveries = useWebhookDeliveries(teamId, hookId);
  const [page, setPage] = useState(1);
  return (
    <section aria-label={t("teams.webhooks.log.title")} className="grid gap-3">
      <h3 className="font-medium text-sm">{t("teams.webhooks.log.title")}</h3>
      <QueryState query={deliveries} loading={<ListSkeleton rows={3} rowClassName="h-10" />}>
        {(data) => {
          if (data.items.length === 0)
            return (
              <p data-state="empty" className="py-4 text-center text-muted-foreground text-sm">
                {t("teams.webhooks.log.empty")}
              </p>
            );
          const totalPages = Math.ceil(data.items.length / DELIVERIES_PER_PAGE);
          const current = Math.min(page, totalPages);
          const rows = data.items.slice((current - 1) * DELIVERIES_PER_PAGE, current * DELIVERIES_PER_PAGE);
          return (
            <>
              <div className="overflow-x-auto rounded-lg border">
                <DeliveriesTable teamId={teamId} hookId={hookId} rows={rows} />
              </div>
              <Pagination
                page={current}
                totalPages={totalPages}
                onPageChange={setPage}
                label={t("teams.webhooks.log.pagination")}
              />
            </>
          );
        }}
      </QueryState>
    </section>
  );
}

function DeliveriesTable({
  teamId,
  hookId,
  rows,
}: {
  teamId: number;
  hookId: number;
  rows: TWebhookDelivery[];
}) {
  const { t, i18n } = useTranslation();
  const resend = useResendWebhookDelivery(teamId, hookId);
  const label = {
    event: t("teams.webhooks.log.event"),
    status: t("teams.webhooks.log.status"),
    time: t("teams.webhooks.log.time"),
    attempts: t("teams.webhooks.log.attempts"),
    code: t("teams.webhooks.log.code"),
    answer: t("teams.webhooks.log.answer"),
  };
  const again = async (delivery: TWebhookDelivery) => {
    const queued = await resend.mutateAsync(delivery.id).catch(() => undefined);
    if (queued) toast.success(t("teams.webhooks.log.resent"));
  };
  return (
    // On a phone each row is a card (`table-cards` in index.css), each cell after its column's name.
    <Table className="table-cards">
      <TableHeader>
        <TableRow>
          {Object.values(label).map((text) => (
            <TableHead key={text}>{text}</TableHead>
          ))}
          <TableHead>
            <span className="sr-only">{t("teams.webhooks.log.resend")}</span>
          </TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {rows.map((delivery) => (
          <TableRow key={delivery.id} data-delivery-id={delivery.id} data-status={delivery.status}>
            <TableCell data-label={label.event}>
              {NAMED_EVENTS.has(delivery.event)
                ? t(`teams.webhooks.eventNames.${delivery.event as TWebhookEvent | "test"}`)
                : delivery.event}
            </TableCell>
            <TableCell data-label={label.status}>
              <Badge variant={STATUS_BADGE[delivery.status]}>
                {t(`teams.webhooks.log.statuses.${delivery.status}`)}
              </Badge>
              {delivery.nextAttemptAt && (
                <div className="mt-1 text-muted-foreground text-xs">
                  {t("teams.webhooks.log.nextAttempt", {
                    date: formatDateTime(delivery.nextAttemptAt, i18n.language),
                  })}
                </div>
              )}
            </TableCell>
            <TableCell data-label={label.time} className="whitespace-nowrap">
              {formatDateTime(delivery.lastAttemptAt ?? delivery.createdAt, i18n.language)}
            </TableCell>
            <TableCell data-label={label.attempts} className="tabular-nums">
              {delivery.attempts}
            </TableCell>
            <TableCell data-label={label.code} className="tabular-nums">
              {delivery.responseCode ?? "—"}
            </TableCell>
            <TableCell data-label={label.answer}>
              <code className="line-clamp-2 max-w-xs break-all text-xs">
                {delivery.responseExcerpt || "—"}
              </code>
            </TableCell>
            <TableCell className="text-right">
              {delivery.status === "failed" && (
                <ActionButton
                  size="sm"
                  variant="outline"
                  pending={resend.isPending && resend.variables === delivery.id}
                  icon={<RotateCcwIcon aria-hidden />}
                  label={t("teams.webhooks.log.resend")}
                  onClick={() => void again(delivery)}
                />
              )}
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

/** The events the log names in words (every subscribable one and the test event). */
const NAMED_EVENTS: ReadonlySet<string> = new Set([...WEBHOOK_EVENTS, "test"]);
