import { LeafIcon } from "lucide-react";
import { lazy, type ReactNode, Suspense, useState } from "react";
import { useTranslation } from "react-i18next";
import { StudioMark } from "@/components/brand/app-logo";
import { LanguageSwitch } from "@/components/language-switch";
import { Card, CardContent, CardFooter } from "@/components/ui/card";
import { Skeleton } from "@/components/ui/skeleton";
import { describeThirdPartyError } from "@/features/auth/auth-errors";
import { AuthBrandPanel } from "@/features/auth/components/auth-brand-panel";
import { authLinkClass } from "@/features/auth/components/link-styles";
import { PanelHeader } from "@/features/auth/components/panel-header";
import { SignInForm } from "@/features/auth/components/sign-in-form";
import { ThirdPartySignIn } from "@/features/auth/components/third-party-sign-in";
import { LoginLink, useLoginSearch } from "@/features/auth/login-location";
import { signIn } from "@/features/auth/sign-in";

// Only signing in ships with the page; the other views are fetched when chosen.
const RegisterPanel = lazy(() =>
  import("@/features/auth/components/register-panel").then((m) => ({ default: m.RegisterPanel })),
);
const ForgotPasswordPanel = lazy(() =>
  import("@/features/auth/components/forgot-password-panel").then((m) => ({
    default: m.ForgotPasswordPanel,
  })),
);
const ResetPasswordPanel = lazy(() =>
  import("@/features/auth/components/reset-password-panel").then((m) => ({ default: m.ResetPasswordPanel })),
);

/** What a third-party provider's `error=` code means to the user. */
function thirdPartyErrorKey(code: string) {
  return code === "access_denied" ? "auth.thirdParty.cancelled" : "auth.thirdParty.failed";
}

function PanelFallback() {
  return (
    <div className="grid gap-4 px-6" aria-hidden>
      <Skeleton className="h-7 w-1/2" />
      <Skeleton className="h-4 w-3/4" />
      <Skeleton className="mt-2 h-9 w-full" />
      <Skeleton className="h-9 w-full" />
      <Skeleton className="h-10 w-full" />
    </div>
  );
}

function SignInPanel({ next, providerError }: { next?: string; providerError?: string }) {
  const { t } = useTranslation();
  const [thirdPartyError, setThirdPartyError] = useState<string>();
  return (
    <>
      <PanelHeader title={t("auth.signIn.title")} description={t("auth.signIn.description")} />
      <CardContent className="grid gap-5">
        <SignInForm
          onSubmit={signIn}
          externalError={thirdPartyError ?? providerError}
          forgotPasswordLink={
            <LoginLink search={{ next, view: "forgot-password" }} className={`${authLinkClass} text-sm`}>
              {t("auth.signIn.forgotPassword")}
            </LoginLink>
          }
        />
        <ThirdPartySignIn
          next={next}
          onError={(error) => setThirdPartyError(describeThirdPartyError(error))}
        />
      </CardContent>
      <CardFooter className="justify-center gap-1 text-muted-foreground text-sm">
        {t("auth.signIn.noAccount")}
        <LoginLink search={{ next, view: "register" }} className={authLinkClass}>
          {t("auth.signIn.register")}
        </LoginLink>
      </CardFooter>
    </>
  );
}

/**
 * /login (public): sign in, register, forgot password, and the reset page of the mail's
 * link. Once a user is present (whichever way they signed in), sign-in-main.tsx loads `next`.
 */
export function LoginPage() {
  const { t } = useTranslation();
  const { next, view, mode, token, error } = useLoginSearch();

  let panel: ReactNode;
  if (mode === "reset") panel = <ResetPasswordPanel token={token} next={next} />;
  else if (view === "register") panel = <RegisterPanel next={next} />;
  else if (view === "forgot-password") panel = <ForgotPasswordPanel next={next} />;
  else panel = <SignInPanel next={next} providerError={error ? t(thirdPartyErrorKey(error)) : undefined} />;

  return (
    <div className="grid min-h-svh lg:grid-cols-[minmax(0,1fr)_minmax(0,1fr)]">
      <AuthBrandPanel />
      <main className="relative flex flex-col items-center justify-center gap-6 overflow-hidden bg-[radial-gradient(ellipse_at_top,var(--color-secondary),transparent_65%)] px-4 pt-16 pb-10 sm:px-6 lg:py-10">
        <LeafIcon
          aria-hidden
          className="pointer-events-none absolute -bottom-12 -left-12 size-56 -rotate-12 text-primary/5 lg:hidden"
        />
        <LanguageSwitch className="absolute top-4 right-4" />
        <StudioMark className="lg:hidden" />
        <Card className="relative w-full max-w-md overflow-hidden shadow-lg before:absolute before:inset-x-0 before:top-0 before:h-1 before:bg-gradient-to-r before:from-emerald-500 before:via-lime-400 before:to-emerald-600">
          <Suspense fallback={<PanelFallback />}>{panel}</Suspense>
        </Card>
        <p className="text-center text-muted-foreground text-xs lg:hidden">{t("common.tagline")}</p>
      </main>
    </div>
  );
}
