import type { TCreatedApiToken } from "@vt/shared/contracts/tokens";
import { useTranslation } from "react-i18next";
import { SecretOnceDialog } from "@/components/secret-once-dialog";

/** The secret of a token just created: shown this once, with a copy button. */
export function TokenSecretDialog({
  created,
  onClose,
}: {
  created: TCreatedApiToken | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  return (
    <SecretOnceDialog
      secret={created?.secret ?? null}
      onClose={onClose}
      title={t("power.tokens.secretTitle", { name: created?.token.name ?? "" })}
      description={t("power.tokens.secretDescription")}
      label={t("power.tokens.secretLabel")}
      doneLabel={t("power.tokens.secretDone")}
    >
      <p className="text-muted-foreground text-sm">{t("power.tokens.secretUsage")}</p>
    </SecretOnceDialog>
  );
}
