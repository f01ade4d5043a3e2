import { getRouteApi, Link, useNavigate } from "@tanstack/react-router";
import { LoaderCircleIcon, MailXIcon } from "lucide-react";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { StudioMark } from "@/components/brand/app-logo";
import { LanguageSwitch } from "@/components/language-switch";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from "@/components/ui/card";
import { choosePassword } from "@/features/auth/api/choose-password";
import { verifyEmail } from "@/features/auth/api/verify-email";
import { authStore, useAuth } from "@/features/auth/auth-store";
import { ResetPasswordForm } from "@/features/auth/components/reset-password-form";
import { isSignedIn } from "@/features/auth/guard";
import { describeError } from "@/lib/error-toast";
import { toast } from "@/lib/toast";

const route = getRouteApi("/verify-email");

/**
 * /verify-email?token=… (public): the link of the verification mail. It verifies the e-mail and
 * signs in as its user, then lands on the dashboard with a success notice; a changed, expired or
 * used link shows the server's (translated) reason. When the link ended the sign-up password
 * (`choosePassword`), the page first asks for the password to sign in with from now on ("Later"
 * skips it; docs/identity.md).
 */
export function VerifyEmailPage() {
  const { t } = useTranslation();
  const { token } = route.useSearch();
  const { user } = useAuth();
  const navigate = useNavigate();
  const [error, setError] = useState<string>();
  const [choosing, setChoosing] = useState(false);

  useEffect(() => {
    let live = true;
    verifyEmail(token ?? "").then(
      async (verified) => {
        if (!live) return;
        // Another account may have been signed in here: start from an empty cache.
        const { clearQueryCache } = await import("@/lib/query-client");
        await clearQueryCache();
        const { choosePassword: choose, ...user } = verified;
        authStore.setUser(user);
        if (choose) setChoosing(true);
        else {
          toast.success(t("auth.verifyEmail.done"));
          await navigate({ to: "/", replace: true });
        }
      },
      (failure: unknown) => {
        if (live) setError(describeError(failure));
      },
    );
    return () => {
      live = false;
    };
  }, [token, navigate, t]);

  return (
    <main className="relative flex min-h-svh flex-col items-center justify-center gap-6 bg-[radial-gradient(ellipse_at_top,var(--color-secondary),transparent_65%)] px-4 py-10">
      <LanguageSwitch className="absolute top-4 right-4" />
      <StudioMark />
      <Card className="w-full max-w-md shadow-lg">
        {choosing ? (
          <>
            <CardHeader>
              <CardTitle className="text-xl">{t("auth.verifyEmail.choosePasswordTitle")}</CardTitle>
              <CardDescription>{t("auth.verifyEmail.choosePasswordText")}</CardDescription>
            </CardHeader>
            <CardContent className="grid gap-3">
              <ResetPasswordForm
                onSubmit={async ({ password }) => {
                  await choosePassword(password);
                  toast.success(t("auth.verifyEmail.passwordSaved"));
                  await navigate({ to: "/", replace: true });
                }}
              />
              <Button
                variant="ghost"
                className="w-full"
                onClick={() => {
                  toast.info(t("auth.verifyEmail.laterNotice"));
                  void navigate({ to: "/", replace: true });
                }}
              >
                {t("auth.verifyEmail.later")}
              </Button>
            </CardContent>
          </>
        ) : error === undefined ? (
          <CardContent className="flex items-center gap-3 py-6" role="status">
            <LoaderCircleIcon aria-hidden className="size-5 animate-spin text-primary" />
            {t("auth.verifyEmail.checking")}
          </CardContent>
        ) : (
          <>
            <CardHeader>
              <CardTitle className="flex items-center gap-2 text-xl">
                <MailXIcon aria-hidden className="size-5 text-destructive" />
                {t("auth.verifyEmail.failedTitle")}
              </CardTitle>
              <CardDescription role="alert">{error}</CardDescription>
            </CardHeader>
            <CardFooter>
              <Button asChild>
                {isSignedIn(user) ? (
                  <Link to="/">{t("auth.verifyEmail.toDashboard")}</Link>
                ) : (
                  <a href="/login">{t("auth.verifyEmail.toLogin")}</a>
                )}
              </Button>
            </CardFooter>
          </>
        )}
      </Card>
    </main>
  );
}
