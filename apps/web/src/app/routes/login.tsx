import { getRouteApi, Link } from "@tanstack/react-router";
import { ArrowLeftIcon } from "lucide-react";
import { useTranslation } from "react-i18next";
import { AppLogo } from "@/components/brand/app-logo";
import { LanguageSwitch } from "@/components/language-switch";
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from "@/components/ui/card";
import { AuthBrandPanel } from "@/features/auth/components/auth-brand-panel";
import { ForgotPasswordForm } from "@/features/auth/components/forgot-password-form";
import { RegisterForm } from "@/features/auth/components/register-form";
import { SignInForm } from "@/features/auth/components/sign-in-form";

const route = getRouteApi("/login");

const linkClass =
  "rounded-sm font-medium text-primary underline-offset-4 outline-none hover:underline focus-visible:ring-[3px] focus-visible:ring-ring/50";

/** /login (public): sign in, register or forgot password, chosen by the `view` search param. */
export function LoginPage() {
  const { t } = useTranslation();
  const { next, view } = route.useSearch();

  const card =
    view === "register" ? (
      <>
        <CardHeader>
          <CardTitle className="text-2xl">{t("auth.register.title")}</CardTitle>
          <CardDescription>{t("auth.register.description")}</CardDescription>
        </CardHeader>
        <CardContent>
          <RegisterForm />
        </CardContent>
        <CardFooter className="justify-center gap-1 text-muted-foreground text-sm">
          {t("auth.register.haveAccount")}
          <Link to="/login" search={{ next }} className={linkClass}>
            {t("auth.register.signIn")}
          </Link>
        </CardFooter>
      </>
    ) : view === "forgot-password" ? (
      <>
        <CardHeader>
          <CardTitle className="text-2xl">{t("auth.forgotPassword.title")}</CardTitle>
          <CardDescription>{t("auth.forgotPassword.description")}</CardDescription>
        </CardHeader>
        <CardContent>
          <ForgotPasswordForm />
        </CardContent>
        <CardFooter className="justify-center text-sm">
          <Link to="/login" search={{ next }} className={`${linkClass} inline-flex items-center gap-1`}>
            <ArrowLeftIcon aria-hidden className="size-4" />
            {t("auth.forgotPassword.backToSignIn")}
          </Link>
        </CardFooter>
      </>
    ) : (
      <>
        <CardHeader>
          <CardTitle className="text-2xl">{t("auth.signIn.title")}</CardTitle>
          <CardDescription>{t("auth.signIn.description")}</CardDescription>
        </CardHeader>
        <CardContent>
          <SignInForm
            forgotPasswordLink={
              <Link to="/login" search={{ next, view: "forgot-password" }} className={`${linkClass} text-sm`}>
                {t("auth.signIn.forgotPassword")}
              </Link>
            }
          />
        </CardContent>
        <CardFooter className="justify-center gap-1 text-muted-foreground text-sm">
          {t("auth.signIn.noAccount")}
          <Link to="/login" search={{ next, view: "register" }} className={linkClass}>
            {t("auth.signIn.register")}
          </Link>
        </CardFooter>
      </>
    );

  return (
    <div className="grid min-h-svh lg:grid-cols-[minmax(0,1fr)_minmax(0,1fr)]">
      <AuthBrandPanel />
      <main className="relative flex flex-col items-center justify-center gap-8 bg-[radial-gradient(ellipse_at_top,var(--color-secondary),transparent_60%)] px-4 py-10 sm:px-6">
        <LanguageSwitch className="absolute top-4 right-4" />
        <div className="flex items-center gap-3 lg:hidden">
          <AppLogo className="size-10" />
          <span className="font-semibold text-lg">{t("common.studioName")}</span>
        </div>
        <Card className="w-full max-w-md shadow-lg">{card}</Card>
      </main>
    </div>
  );
}
