import { MailCheckIcon } from "lucide-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { ActionButton } from "@/components/action-button";
import { FormAlert } from "@/components/form-alert";
import { CardContent } from "@/components/ui/card";
import { requestPasswordReset } from "../api/identity-provider";
import { ForgotPasswordForm } from "./forgot-password-form";
import { PanelHeader } from "./panel-header";
import { BackToSignIn, OutcomeHeader } from "./panel-parts";
import { useSubmitError } from "./use-submit-error";

/**
 * The forgot-password view of /login: the e-mail, then a "check your mail" state. The answer is
 * the same whether or not the address has an account, so nobody can probe for accounts.
 */
export function ForgotPasswordPanel({ next }: { next?: string }) {
  const { t } = useTranslation();
  const [sentTo, setSentTo] = useState<string>();
  const resend = useSubmitError();
  const [resending, setResending] = useState(false);

  if (sentTo) {
    return (
      <>
        <OutcomeHeader
          icon={MailCheckIcon}
          title={t("auth.forgotPassword.sentTitle")}
          description={t("auth.forgotPassword.sentDescription", { email: sentTo })}
          balance
        />
        <CardContent className="grid gap-3 text-center">
          <p className="text-muted-foreground text-sm">{t("auth.forgotPassword.sentHint")}</p>
          <FormAlert message={resend.error} />
          <ActionButton
            variant="outline"
            className="justify-self-center"
            pending={resending}
            label={t("auth.forgotPassword.resend")}
            onClick={async () => {
              setResending(true);
              await resend.run(() => requestPasswordReset(sentTo));
              setResending(false);
            }}
          />
        </CardContent>
        <BackToSignIn next={next} />
      </>
    );
  }

  return (
    <>
      <PanelHeader
        title={t("auth.forgotPassword.title")}
        description={t("auth.forgotPassword.description")}
      />
      <CardContent>
        <ForgotPasswordForm
          onSubmit={async ({ email }) => {
            await requestPasswordReset(email);
            setSentTo(email);
          }}
        />
      </CardContent>
      <BackToSignIn next={next} />
    </>
  );
}
