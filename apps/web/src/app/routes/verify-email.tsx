import { getRouteApi, Link, useNavigate } from "@tanstack/react-router";
import { LoaderCircleIcon, MailXIcon } from "lucide-react";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { StudioMark } from "@/components/brand/app-logo";
import { LanguageSwitch } from "@/components/language-switch";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from "@/components/ui/card";
import { verifyEmail } from "@/features/auth/api/verify-email";
import { authStore, useAuth } from "@/features/auth/auth-store";
import { isSignedIn } from "@/features/auth/guard";
import { describeError } from "@/lib/error-toast";
import { toast } from "@/lib/toast";

const route = getRouteApi("/verify-email");

/**
 * /verify-email?token=… (public): the link of the verification mail. It verifies the e-mail and
 * signs in as its user, then lands on the dashboard with a success notice; a changed, expired or
 * used link shows the server's (translated) reason.
 */
export function VerifyEmailPage() {
  const { t } = useTranslation();
  const { token } = route.useSearch();
  const { user } = useAuth();
  const navigate = useNavigate();
  const [error, setError] = useState<string>();

  useEffect(() => {
    let live = true;
    verifyEmail(token ?? "").then(
      async (verified) => {
        if (!live) return;
        // Another account may have been signed in here: start from an empty cache.
        const { clearQueryCache } = await import("@/lib/query-client");
        await clearQueryCache();
        authStore.setUser(verified);
        toast.success(t("auth.verifyEmail.done"));
        await navigate({ to: "/", replace: true });
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
        {error === undefined ? (
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
