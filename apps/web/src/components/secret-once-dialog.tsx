import { CheckIcon, CopyIcon } from "lucide-react";
import { type ReactNode, useState } from "react";
import { useTranslation } from "react-i18next";
import { DialogShell } from "@/components/dialog-shell";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";

/**
 * A secret the server answers once (an API token, a webhook's signing secret): shown in a
 * read-only field with a copy button until the dialog is closed; it cannot be shown again.
 */
export function SecretOnceDialog({
  secret,
  onClose,
  title,
  description,
  label,
  doneLabel,
  children,
}: {
  /** The secret; null keeps the dialog closed. */
  secret: string | null;
  onClose: () => void;
  title: string;
  description: string;
  /** The field's accessible name. */
  label: string;
  doneLabel: string;
  /** How to use it, under the field. */
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    if (secret === null) return;
    try {
      await navigator.clipboard.writeText(secret);
      setCopied(true);
    } catch {
      // No clipboard permission (http, old browser): the field stays selectable by hand.
      setCopied(false);
    }
  };
  const close = () => {
    setCopied(false);
    onClose();
  };
  return (
    <DialogShell
      open={secret !== null}
      onOpenChange={(open) => {
        if (!open) close();
      }}
      title={title}
      description={description}
      footer={
        <Button type="button" onClick={close}>
          {doneLabel}
        </Button>
      }
    >
      <div className="flex gap-2">
        <Input
          readOnly
          aria-label={label}
          value={secret ?? ""}
          className="font-mono text-xs"
          onFocus={(event) => event.currentTarget.select()}
        />
        <Button type="button" variant="outline" onClick={() => void copy()}>
          {copied ? <CheckIcon aria-hidden /> : <CopyIcon aria-hidden />}
          {copied ? t("common.copied") : t("common.copy")}
        </Button>
      </div>
      {children}
    </DialogShell>
  );
}
