import { CircleCheckIcon } from "lucide-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { FormAlert } from "@/components/form-alert";
import { Button } from "@/components/ui/button";
import { CardContent } from "@/components/ui/card";
import { resetPassword } from "../api/identity-provider";
import { LoginLink } from "../login-location";
import { PanelHeader } from "./panel-header";
import { BackToSignIn, OutcomeHeader } from "./panel-parts";
import { ResetPasswordForm } from "./reset-password-form";

/** The page the reset mail links to (`/login?mode=reset&token=…`): new password, then sign in. */
export function ResetPasswordPanel({ token, next }: { token?: string; next?: string }) {
  const { t } = useTranslation();
  const [done, setDone] = useState(false);

  if (done) {
    return (
      <>
        <OutcomeHeader
          icon={CircleCheckIcon}
          title={t("auth.resetPassword.doneTitle")}
          description={t("auth.resetPassword.doneDescription")}
        />
        <CardContent>
          <Button asChild size="lg" className="w-full">
            <LoginLink search={{ next }} replace>
              {t("auth.resetPassword.signIn")}
            </LoginLink>
          </Button>
        </CardContent>
      </>
    );
  }

  return (
    <>
      <PanelHeader title={t("auth.resetPassword.title")} description={t("auth.resetPassword.description")} />
      <CardContent className="grid gap-4">
        {token ? (
          <ResetPasswordForm
            onSubmit={async ({ password }) => {
              await resetPassword(token, password);
              setDone(true);
            }}
          />
        ) : (
          <>
            <FormAlert message={t("auth.resetPassword.invalidLink")} />
            <Button asChild variant="outline" className="w-full">
              <LoginLink search={{ next, view: "forgot-password" }}>
                {t("auth.resetPassword.requestNewLink")}
              </LoginLink>
            </Button>
          </>
        )}
      </CardContent>
      <BackToSignIn next={next} />
    </>
  );
}
