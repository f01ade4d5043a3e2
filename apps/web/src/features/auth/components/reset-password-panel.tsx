import { Link } from "@tanstack/react-router";
import { ArrowLeftIcon, CircleCheckIcon } from "lucide-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { FormAlert } from "@/components/form-alert";
import { Button } from "@/components/ui/button";
import { CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from "@/components/ui/card";
import { resetPassword } from "../api/identity-provider";
import { authLinkClass } from "./link-styles";
import { ResetPasswordForm } from "./reset-password-form";

/** The page the reset mail links to (`/login?mode=reset&token=…`): new password, then sign in. */
export function ResetPasswordPanel({ token, next }: { token?: string; next?: string }) {
  const { t } = useTranslation();
  const [done, setDone] = useState(false);

  if (done) {
    return (
      <>
        <CardHeader className="justify-items-center text-center">
          <span className="mb-2 flex size-14 items-center justify-center rounded-full bg-primary/10 text-primary">
            <CircleCheckIcon aria-hidden className="size-7" />
          </span>
          <CardTitle className="text-2xl" role="status">
            {t("auth.resetPassword.doneTitle")}
          </CardTitle>
          <CardDescription>{t("auth.resetPassword.doneDescription")}</CardDescription>
        </CardHeader>
        <CardContent>
          <Button asChild size="lg" className="w-full">
            <Link to="/login" search={{ next }} replace>
              {t("auth.resetPassword.signIn")}
            </Link>
          </Button>
        </CardContent>
      </>
    );
  }

  return (
    <>
      <CardHeader>
        <CardTitle className="text-2xl">{t("auth.resetPassword.title")}</CardTitle>
        <CardDescription>{t("auth.resetPassword.description")}</CardDescription>
      </CardHeader>
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
              <Link to="/login" search={{ next, view: "forgot-password" }}>
                {t("auth.resetPassword.requestNewLink")}
              </Link>
            </Button>
          </>
        )}
      </CardContent>
      <CardFooter className="justify-center text-sm">
        <Link to="/login" search={{ next }} className={`${authLinkClass} inline-flex items-center gap-1`}>
          <ArrowLeftIcon aria-hidden className="size-4" />
          {t("auth.forgotPassword.backToSignIn")}
        </Link>
      </CardFooter>
    </>
  );
}
