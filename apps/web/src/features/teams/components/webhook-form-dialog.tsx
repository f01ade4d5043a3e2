import {
  type TWebhook,
  type TWebhookEvent,
  type TWebhookWithSecret,
  WEBHOOK_EVENTS,
  WEBHOOK_FORMATS,
  WEBHOOK_URL_MAX,
} from "@vt/shared/contracts/webhooks";
import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { DialogActions, DialogShell } from "@/components/dialog-shell";
import { FormField, FormFieldset } from "@/components/form-field";
import { SelectField } from "@/components/select-field";
import { Checkbox } from "@/components/ui/checkbox";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { toast } from "@/lib/toast";
import { useCreateWebhook, useUpdateWebhook } from "../api/webhooks";

type Format = TWebhook["format"];

/**
 * Adds (`hook` = "new") or changes a webhook: its URL, events, format (our signed JSON or a
 * Discord message) and the chapter link template. A new hook's secret goes to `onCreated`.
 * The server checks the address (docs/webhooks.md, "Safety") and answers a translated 422.
 */
export function WebhookFormDialog({
  teamId,
  hook,
  onClose,
  onCreated,
}: {
  teamId: number;
  hook: TWebhook | "new" | null;
  onClose: () => void;
  onCreated: (created: TWebhookWithSecret) => void;
}) {
  const { t } = useTranslation();
  const id = useId();
  const editing = hook !== null && hook !== "new" ? hook : null;
  // The parent keys the dialog by the hook it opens: each opening starts from that hook.
  const [url, setUrl] = useState(editing?.url ?? "");
  const [events, setEvents] = useState<TWebhookEvent[]>(editing?.events ?? ["chapter.published"]);
  const [format, setFormat] = useState<Format>(editing?.format ?? "json");
  const [linkTemplate, setLinkTemplate] = useState(editing?.linkTemplate ?? "");
  const [errors, setErrors] = useState<{ url?: string; events?: string }>({});
  const create = useCreateWebhook(teamId);
  const update = useUpdateWebhook(teamId);

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    const next = {
      url: url.trim() ? undefined : t("validation.required", { field: t("teams.webhooks.url") }),
      events: events.length > 0 ? undefined : t("teams.webhooks.eventsRequired"),
    };
    setErrors(next);
    if (next.url || next.events) return;
    const body = { url: url.trim(), events, format, linkTemplate: linkTemplate.trim() };
    if (editing) {
      const saved = await update
        .mutateAsync({ hookId: editing.id, body: { ...body, version: editing.version } })
        .catch(() => undefined);
      if (!saved) return;
      toast.success(t("teams.webhooks.saved"));
    } else {
      const created = await create.mutateAsync(body).catch(() => undefined);
      if (!created) return;
      onCreated(created);
    }
    onClose();
  };

  const toggle = (name: TWebhookEvent, on: boolean) =>
    setEvents((current) =>
      on
        ? WEBHOOK_EVENTS.filter((e) => e === name || current.includes(e))
        : current.filter((e) => e !== name),
    );

  return (
    <DialogShell
      open={hook !== null}
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      title={editing ? t("teams.webhooks.editTitle") : t("teams.webhooks.addTitle")}
      description={t("teams.webhooks.formDescription")}
      onSubmit={submit}
      className="max-h-[90dvh] overflow-y-auto"
      footer={
        <DialogActions
          onCancel={onClose}
          pending={create.isPending || update.isPending}
          label={editing ? t("teams.webhooks.save") : t("teams.webhooks.add")}
        />
      }
    >
      <FormField label={t("teams.webhooks.url")} hint={t("teams.webhooks.urlHint")} error={errors.url}>
        <Input
          type="url"
          inputMode="url"
          autoComplete="off"
          spellCheck={false}
          maxLength={WEBHOOK_URL_MAX}
          placeholder="https://"
          value={url}
          onChange={(event) => setUrl(event.target.value)}
          autoFocus
        />
      </FormField>
      <FormField label={t("teams.webhooks.format")}>
        <SelectField
          value={format}
          onValueChange={(value) => setFormat(value as Format)}
          options={WEBHOOK_FORMATS.map((option) => ({
            value: option,
            label: t(`teams.webhooks.formats.${option}`),
          }))}
        />
      </FormField>
      <FormFieldset legend={t("teams.webhooks.events")} error={errors.events}>
        <div className="grid gap-2 sm:grid-cols-2">
          {WEBHOOK_EVENTS.map((name) => (
            <div key={name} className="flex items-center gap-2">
              <Checkbox
                id={`${id}-${name}`}
                checked={events.includes(name)}
                onCheckedChange={(on) => toggle(name, on === true)}
              />
              <Label htmlFor={`${id}-${name}`} className="cursor-pointer font-normal">
                {t(`teams.webhooks.eventNames.${name}`)}
              </Label>
            </div>
          ))}
        </div>
      </FormFieldset>
      <FormField label={t("teams.webhooks.linkTemplate")} hint={t("teams.webhooks.linkTemplateHint")}>
        <Input
          type="url"
          inputMode="url"
          autoComplete="off"
          spellCheck={false}
          maxLength={WEBHOOK_URL_MAX}
          value={linkTemplate}
          onChange={(event) => setLinkTemplate(event.target.value)}
        />
      </FormField>
    </DialogShell>
  );
}
