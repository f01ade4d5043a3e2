import { Link } from "@tanstack/react-router";
import { ArrowLeftIcon, LoaderCircleIcon, MailCheckIcon } from "lucide-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { FormAlert } from "@/components/form-alert";
import { Button } from "@/components/ui/button";
import { CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from "@/components/ui/card";
import { requestPasswordReset } from "../api/identity-provider";
import { ForgotPasswordForm } from "./forgot-password-form";
import { authLinkClass } from "./link-styles";
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

  const backToSignIn = (
    <CardFooter className="justify-center text-sm">
      <Link to="/login" search={{ next }} className={`${authLinkClass} inline-flex items-center gap-1`}>
        <ArrowLeftIcon aria-hidden className="size-4" />
        {t("auth.forgotPassword.backToSignIn")}
      </Link>
    </CardFooter>
  );

  if (sentTo) {
    return (
      <>
        <CardHeader className="justify-items-center text-center">
          <span className="mb-2 flex size-14 items-center justify-center rounded-full bg-primary/10 text-primary">
            <MailCheckIcon aria-hidden className="size-7" />
          </span>
          <CardTitle className="text-2xl" role="status">
            {t("auth.forgotPassword.sentTitle")}
          </CardTitle>
          <CardDescription className="text-balance">
            {t("auth.forgotPassword.sentDescription", { email: sentTo })}
          </CardDescription>
        </CardHeader>
        <CardContent className="grid gap-3 text-center">
          <p className="text-muted-foreground text-sm">{t("auth.forgotPassword.sentHint")}</p>
          <FormAlert message={resend.error} />
          <Button
            variant="outline"
            className="justify-self-center"
            disabled={resending}
            onClick={async () => {
              setResending(true);
              await resend.run(() => requestPasswordReset(sentTo));
              setResending(false);
            }}
          >
            {resending && <LoaderCircleIcon aria-hidden className="animate-spin" />}
            {t("auth.forgotPassword.resend")}
          </Button>
        </CardContent>
        {backToSignIn}
      </>
    );
  }

  return (
    <>
      <CardHeader>
        <CardTitle className="text-2xl">{t("auth.forgotPassword.title")}</CardTitle>
        <CardDescription>{t("auth.forgotPassword.description")}</CardDescription>
      </CardHeader>
      <CardContent>
        <ForgotPasswordForm
          onSubmit={async ({ email }) => {
            await requestPasswordReset(email);
            setSentTo(email);
          }}
        />
      </CardContent>
      {backToSignIn}
    </>
  );
}
