import type { TTeam } from "@vt/shared/contracts/teams";
import { type TWebhook, WEBHOOKS_PER_TEAM } from "@vt/shared/contracts/webhooks";
import {
  KeyRoundIcon,
  PencilIcon,
  PlayIcon,
  PlusIcon,
  ScrollTextIcon,
  SendIcon,
  Trash2Icon,
  WebhookIcon,
} from "lucide-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { ActionButton } from "@/components/action-button";
import { EmptyState } from "@/components/empty-state";
import { useModal } from "@/components/modal/use-modal";
import { ListSkeleton, QueryState } from "@/components/query-state";
import { SecretOnceDialog } from "@/components/secret-once-dialog";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { toast } from "@/lib/toast";
import {
  useDeleteWebhook,
  useRotateWebhookSecret,
  useSendWebhookTest,
  useUpdateWebhook,
  useWebhooks,
} from "../api/webhooks";
import { WebhookDeliveries } from "./webhook-deliveries";
import { WebhookFormDialog } from "./webhook-form-dialog";

/** The host a hook posts to (its path may hold a token, as a Discord URL does). */
export const hookHost = (url: string) => {
  try {
    return new URL(url).host;
  } catch {
    return url;
  }
};

/**
 * The team's webhooks (docs/webhooks.md): managers and owners list, add, change, delete them,
 * rotate a secret (shown once), resume a paused one, send a test event and read the delivery log.
 * Other members read a note: the API answers them 403 (docs/permissions.md).
 */
export function WebhooksSection({ team }: { team: TTeam }) {
  const { t } = useTranslation();
  if (!team.can.manage)
    return (
      <p role="note" className="rounded-xl border bg-card p-4 text-muted-foreground text-sm">
        {t("teams.webhooks.membersOnly")}
      </p>
    );
  return <ManagedWebhooks teamId={team.id} />;
}

function ManagedWebhooks({ teamId }: { teamId: number }) {
  const { t } = useTranslation();
  const hooks = useWebhooks(teamId);
  const [secret, setSecret] = useState<string | null>(null);
  const [editing, setEditing] = useState<TWebhook | "new" | null>(null);
  const full = (hooks.data?.items.length ?? 0) >= WEBHOOKS_PER_TEAM;
  const addButton = (
    <Button onClick={() => setEditing("new")} disabled={full}>
      <PlusIcon aria-hidden />
      {t("teams.webhooks.add")}
    </Button>
  );

  return (
    <div className="grid gap-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="text-muted-foreground text-sm">
          {t("teams.webhooks.limit", { max: WEBHOOKS_PER_TEAM })}
        </p>
        {hooks.data && hooks.data.items.length > 0 && addButton}
      </div>
      <QueryState query={hooks} loading={<ListSkeleton rows={2} rowClassName="h-32" />}>
        {(data) =>
          data.items.length === 0 ? (
            <EmptyState
              icon={WebhookIcon}
              title={t("teams.webhooks.emptyTitle")}
              description={t("teams.webhooks.emptyDescription")}
            >
              {addButton}
            </EmptyState>
          ) : (
            <ul className="grid gap-3">
              {data.items.map((hook) => (
                <WebhookCard
                  key={hook.id}
                  teamId={teamId}
                  hook={hook}
                  onEdit={() => setEditing(hook)}
                  onSecret={setSecret}
                />
              ))}
            </ul>
          )
        }
      </QueryState>
      <WebhookFormDialog
        key={editing === null || editing === "new" ? String(editing) : editing.id}
        teamId={teamId}
        hook={editing}
        onClose={() => setEditing(null)}
        onCreated={(created) => setSecret(created.secret)}
      />
      <SecretOnceDialog
        secret={secret}
        onClose={() => setSecret(null)}
        title={t("teams.webhooks.secretTitle")}
        description={t("teams.webhooks.secretDescription")}
        label={t("teams.webhooks.secretLabel")}
        doneLabel={t("teams.webhooks.secretDone")}
      >
        <p className="text-muted-foreground text-sm">{t("teams.webhooks.secretUsage")}</p>
      </SecretOnceDialog>
    </div>
  );
}

function WebhookCard({
  teamId,
  hook,
  onEdit,
  onSecret,
}: {
  teamId: number;
  hook: TWebhook;
  onEdit: () => void;
  onSecret: (secret: string) => void;
}) {
  const { t } = useTranslation();
  const modal = useModal();
  const [showLog, setShowLog] = useState(false);
  const update = useUpdateWebhook(teamId);
  const remove = useDeleteWebhook(teamId);
  const rotate = useRotateWebhookSecret(teamId);
  const sendTest = useSendWebhookTest(teamId);
  const host = hookHost(hook.url);
  const logId = `webhook-${hook.id}-log`;

  const resume = async () => {
    const saved = await update
      .mutateAsync({
        hookId: hook.id,
        body: {
          url: hook.url,
          events: hook.events,
          format: hook.format,
          linkTemplate: hook.linkTemplate,
          version: hook.version,
          paused: false,
        },
      })
      .catch(() => undefined);
    if (saved) toast.success(t("teams.webhooks.resumed"));
  };

  const test = async () => {
    const queued = await sendTest.mutateAsync(hook.id).catch(() => undefined);
    if (!queued) return;
    setShowLog(true);
    toast.success(t("teams.webhooks.testQueued"));
  };

  const confirmRotate = () =>
    modal.confirm({
      title: t("teams.webhooks.rotateTitle"),
      description: t("teams.webhooks.rotateDescription"),
      confirmLabel: t("teams.webhooks.rotate"),
      onConfirm: async () => {
        const rotated = await rotate.mutateAsync(hook.id);
        onSecret(rotated.secret);
      },
    });

  const confirmDelete = () =>
    modal.confirm({
      title: t("teams.webhooks.deleteTitle"),
      description: t("teams.webhooks.deleteDescription", { host }),
      confirmLabel: t("teams.webhooks.delete"),
      destructive: true,
      onConfirm: async () => {
        await remove.mutateAsync(hook.id);
        toast.success(t("teams.webhooks.deleted"));
      },
    });

  return (
    <li
      data-webhook-id={hook.id}
      aria-label={host}
      className="grid min-w-0 gap-3 rounded-xl border bg-card p-4 shadow-sm"
    >
      <div className="flex flex-wrap items-start justify-between gap-2">
        <p className="min-w-0 break-all font-mono text-sm">{hook.url}</p>
        <Badge variant={hook.paused ? "destructive" : "secondary"}>
          {hook.paused ? t("teams.webhooks.paused") : t("teams.webhooks.active")}
        </Badge>
      </div>
      <dl className="grid gap-x-3 gap-y-1 text-sm sm:grid-cols-[auto_1fr]">
        <dt className="text-muted-foreground">{t("teams.webhooks.format")}</dt>
        <dd>{t(`teams.webhooks.formats.${hook.format}`)}</dd>
        <dt className="text-muted-foreground">{t("teams.webhooks.events")}</dt>
        <dd>{hook.events.map((event) => t(`teams.webhooks.eventNames.${event}`)).join(", ")}</dd>
        {hook.linkTemplate && (
          <>
            <dt className="text-muted-foreground">{t("teams.webhooks.linkTemplate")}</dt>
            <dd className="break-all font-mono text-xs">{hook.linkTemplate}</dd>
          </>
        )}
      </dl>
      {hook.paused && (
        <p role="status" className="rounded-lg border border-destructive/40 bg-destructive/5 p-3 text-sm">
          {hook.consecutiveFailures > 0
            ? t("teams.webhooks.pausedNote", { count: hook.consecutiveFailures })
            : t("teams.webhooks.pausedByHand")}
        </p>
      )}
      <fieldset aria-label={t("teams.webhooks.actions", { host })} className="flex flex-wrap gap-2">
        {hook.paused && (
          <ActionButton
            size="sm"
            pending={update.isPending}
            icon={<PlayIcon aria-hidden />}
            label={t("teams.webhooks.resume")}
            onClick={() => void resume()}
          />
        )}
        <ActionButton
          size="sm"
          variant="outline"
          pending={sendTest.isPending}
          icon={<SendIcon aria-hidden />}
          label={t("teams.webhooks.sendTest")}
          onClick={() => void test()}
        />
        <Button size="sm" variant="outline" onClick={onEdit}>
          <PencilIcon aria-hidden />
          {t("teams.webhooks.edit")}
        </Button>
        <Button size="sm" variant="outline" onClick={() => void confirmRotate()}>
          <KeyRoundIcon aria-hidden />
          {t("teams.webhooks.rotate")}
        </Button>
        <Button size="sm" variant="outline" onClick={() => void confirmDelete()}>
          <Trash2Icon aria-hidden />
          {t("teams.webhooks.delete")}
        </Button>
        <Button
          size="sm"
          variant="ghost"
          aria-expanded={showLog}
          aria-controls={logId}
          onClick={() => setShowLog((shown) => !shown)}
        >
          <ScrollTextIcon aria-hidden />
          {showLog ? t("teams.webhooks.log.hide") : t("teams.webhooks.log.show")}
        </Button>
      </fieldset>
      {showLog && (
        <div id={logId}>
          <WebhookDeliveries teamId={teamId} hookId={hook.id} />
        </div>
      )}
    </li>
  );
}
