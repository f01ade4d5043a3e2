import type { TCreatedApiToken } from "@vt/shared/contracts/tokens";
import { CheckIcon, CopyIcon } from "lucide-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { DialogShell } from "@/components/dialog-shell";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";

/** The secret of a token just created: shown this once, with a copy button. */
export function TokenSecretDialog({
  created,
  onClose,
}: {
  created: TCreatedApiToken | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    if (!created) return;
    try {
      await navigator.clipboard.writeText(created.secret);
      setCopied(true);
    } catch {
      // No clipboard permission (http, old browser): the field stays selectable by hand.
      setCopied(false);
    }
  };
  return (
    <DialogShell
      open={created !== null}
      onOpenChange={(open) => {
        if (!open) {
          setCopied(false);
          onClose();
        }
      }}
      title={t("power.tokens.secretTitle", { name: created?.token.name ?? "" })}
      description={t("power.tokens.secretDescription")}
      footer={
        <Button type="button" onClick={onClose}>
          {t("power.tokens.secretDone")}
        </Button>
      }
    >
      <div className="flex gap-2">
        <Input
          readOnly
          aria-label={t("power.tokens.secretLabel")}
          value={created?.secret ?? ""}
          className="font-mono text-xs"
          onFocus={(event) => event.currentTarget.select()}
        />
        <Button type="button" variant="outline" onClick={() => void copy()}>
          {copied ? <CheckIcon aria-hidden /> : <CopyIcon aria-hidden />}
          {copied ? t("power.tokens.copied") : t("power.tokens.copy")}
        </Button>
      </div>
      <p className="text-muted-foreground text-sm">{t("power.tokens.secretUsage")}</p>
    </DialogShell>
  );
}
