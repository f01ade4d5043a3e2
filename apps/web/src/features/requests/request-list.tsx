import { Link } from "@tanstack/react-router";
import type { TComicRequest } from "@vt/shared/contracts/requests";
import { CheckIcon, Undo2Icon, XIcon } from "lucide-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { DialogActions, DialogShell } from "@/components/dialog-shell";
import { FormField } from "@/components/form-field";
import { useModal } from "@/components/modal/use-modal";
import { RequestStatusBadge } from "@/components/request-status-badge";
import { Button } from "@/components/ui/button";
import { Textarea } from "@/components/ui/textarea";
import { formatDateTime } from "@/lib/date-format";
import { toast } from "@/lib/toast";
import { type Decision, useDecideRequest } from "./api/decide-request";

/** Requests with comic, team, reason, dates, reviewer and note, and the actions the caller may take. */
export function RequestList({ requests, busy }: { requests: TComicRequest[]; busy?: boolean }) {
  const { t } = useTranslation();
  const [deciding, setDeciding] = useState<{ request: TComicRequest; decision: "approve" | "reject" } | null>(
    null,
  );
  const decide = useDecideRequest();
  const modal = useModal();

  const cancel = (request: TComicRequest) =>
    void modal.confirm({
      title: t("review.requests.cancelTitle"),
      description: t("review.requests.cancelDescription"),
      confirmLabel: t("review.requests.cancel"),
      destructive: true,
      onConfirm: () =>
        decide.mutateAsync({ id: request.id, decision: "cancel" }).then(
          () => toast.success(t("review.requests.cancelledDone")),
          () => undefined,
        ),
    });

  return (
    <>
      <ul className="grid gap-3" aria-label={t("review.requests.listLabel")} aria-busy={busy || undefined}>
        {requests.map((request) => (
          <RequestRow
            key={request.id}
            request={request}
            onDecide={(decision) => setDeciding({ request, decision })}
            onCancel={() => cancel(request)}
          />
        ))}
      </ul>
      <DecisionDialog
        value={deciding}
        onClose={() => setDeciding(null)}
        onSubmit={async (note) => {
          if (!deciding) return;
          const done = await decide
            .mutateAsync({ id: deciding.request.id, decision: deciding.decision, note })
            .catch(() => undefined);
          if (!done) return;
          toast.success(
            t(deciding.decision === "approve" ? "review.requests.approved" : "review.requests.rejected"),
          );
          setDeciding(null);
        }}
        pending={decide.isPending}
      />
    </>
  );
}

function RequestRow({
  request,
  onDecide,
  onCancel,
}: {
  request: TComicRequest;
  onDecide: (decision: "approve" | "reject") => void;
  onCancel: () => void;
}) {
  const { t, i18n } = useTranslation();
  const subject = request.comic?.title ?? request.person?.name ?? "";
  return (
    <li
      className="grid gap-2 rounded-xl border bg-card p-4 text-card-foreground shadow-sm"
      data-testid="request-row"
      aria-label={`${t(`requests.type.${request.type}`)}: ${subject}`}
    >
      <div className="flex flex-wrap items-center gap-2">
        <span className="font-medium text-sm">{t(`requests.type.${request.type}`)}</span>
        <RequestStatusBadge status={request.status} />
        <span className="text-muted-foreground text-xs">#{request.id}</span>
      </div>
      <p className="text-sm">
        {request.comic ? (
          <Link
            to="/comics/$comicId"
            params={{ comicId: String(request.comic.id) }}
            className="font-medium underline-offset-4 hover:underline"
          >
            {request.comic.title}
          </Link>
        ) : (
          <span className="font-medium">{subject}</span>
        )}
        {request.targetComic && (
          <span className="text-muted-foreground">
            {" "}
            → {t("review.requests.target")}: {request.targetComic.title}
          </span>
        )}
      </p>
      <dl className="grid gap-1 text-sm sm:grid-cols-[10rem_1fr]">
        <dt className="text-muted-foreground">{t("review.requests.team")}</dt>
        <dd>{request.team.name}</dd>
        <dt className="text-muted-foreground">{t("review.requests.reason")}</dt>
        <dd className="whitespace-pre-wrap break-words">{request.reason || t("review.requests.noReason")}</dd>
        {request.note && (
          <>
            <dt className="text-muted-foreground">{t("review.requests.note")}</dt>
            <dd className="whitespace-pre-wrap break-words">{request.note}</dd>
          </>
        )}
      </dl>
      <p className="text-muted-foreground text-xs">
        {t("review.requests.sent", {
          name: request.user?.name ?? "—",
          date: formatDateTime(request.createdAt, i18n.language),
        })}
        {request.reviewedAt && (
          <>
            {" · "}
            {t("review.requests.settled", {
              status: t(`requests.status.${request.status}`),
              name: request.reviewedBy?.name ?? "—",
              date: formatDateTime(request.reviewedAt, i18n.language),
            })}
          </>
        )}
      </p>
      {(request.can.review || request.can.cancel) && (
        <div className="flex flex-wrap gap-2">
          {request.can.review && (
            <>
              <Button size="sm" onClick={() => onDecide("approve")}>
                <CheckIcon aria-hidden />
                {t("review.requests.approve")}
              </Button>
              <Button size="sm" variant="outline" onClick={() => onDecide("reject")}>
                <XIcon aria-hidden />
                {t("review.requests.reject")}
              </Button>
            </>
          )}
          {request.can.cancel && (
            <Button size="sm" variant="ghost" onClick={onCancel}>
              <Undo2Icon aria-hidden />
              {t("review.requests.cancel")}
            </Button>
          )}
        </div>
      )}
    </li>
  );
}

/** Confirms an approval (note optional) or a rejection (note required). */
function DecisionDialog({
  value,
  onClose,
  onSubmit,
  pending,
}: {
  value: { request: TComicRequest; decision: Decision } | null;
  onClose: () => void;
  onSubmit: (note: string) => Promise<void>;
  pending: boolean;
}) {
  const { t } = useTranslation();
  const [note, setNote] = useState("");
  const [error, setError] = useState<string>();
  const request = value?.request;
  const rejecting = value?.decision === "reject";
  const close = () => {
    setNote("");
    setError(undefined);
    onClose();
  };
  const description = !request
    ? ""
    : rejecting
      ? t("review.requests.rejectDescription", { team: request.team.name })
      : t(`review.requests.approveDescription.${request.type}`, {
          team: request.team.name,
          comic: request.comic?.title ?? "",
          target: request.targetComic?.title ?? "",
          person: request.person?.name ?? "",
        });
  return (
    <DialogShell
      open={value !== null}
      onOpenChange={(open) => !open && !pending && close()}
      title={t(rejecting ? "review.requests.rejectTitle" : "review.requests.approveTitle")}
      description={description}
      onSubmit={(event) => {
        event.preventDefault();
        if (rejecting && !note.trim()) {
          setError(t("review.noteRequired"));
          return;
        }
        void onSubmit(note.trim()).then(() => {
          setNote("");
          setError(undefined);
        });
      }}
      footer={
        <DialogActions
          onCancel={close}
          cancelDisabled={pending}
          pending={pending}
          variant={rejecting ? "destructive" : "default"}
          label={t(rejecting ? "review.requests.reject" : "review.requests.approve")}
        />
      }
    >
      <FormField
        label={t(rejecting ? "review.requests.noteRequired" : "review.requests.noteOptional")}
        error={error}
      >
        <Textarea rows={3} value={note} onChange={(event) => setNote(event.target.value)} />
      </FormField>
    </DialogShell>
  );
}
