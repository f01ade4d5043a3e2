import { MailWarningIcon } from "lucide-react";
import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { reportSessionEnded } from "@/lib/query-client";
import { getCurrentUser } from "../api/get-current-user";
import { authStore, useAuth } from "../auth-store";
import { ResendVerificationButton } from "./resend-verification-button";

/**
 * The signed-in shell's "verify your e-mail" banner: shown while the user's address is unverified
 * (team invitations wait for it), gone once the verification link was opened, also when it was
 * opened in another tab or browser: while shown, coming back to the tab asks the server again. That
 * proof ends the sessions made before it, so this tab's is then over: it goes to the sign-in page.
 */
export function VerifyEmailBanner() {
  const { t } = useTranslation();
  const { user } = useAuth();
  const waiting = user?.emailVerified === false;
  useEffect(() => {
    if (!waiting) return;
    const recheck = () => {
      if (document.visibilityState !== "visible") return;
      getCurrentUser().then(
        (fresh) => {
          if (fresh?.emailVerified === true) authStore.mergeUser({ emailVerified: true });
          // Signed out meanwhile: proving the address elsewhere ends the sessions made before it.
          else if (fresh === undefined) reportSessionEnded();
        },
        () => {}, // Offline or a passing failure: the banner stays, the next return asks again.
      );
    };
    window.addEventListener("focus", recheck);
    document.addEventListener("visibilitychange", recheck);
    return () => {
      window.removeEventListener("focus", recheck);
      document.removeEventListener("visibilitychange", recheck);
    };
  }, [waiting]);
  if (!waiting || !user) return null;
  return (
    <section
      aria-labelledby="verify-email-banner-title"
      className="flex flex-col gap-3 border-amber-300 border-b bg-amber-50 px-4 py-3 text-amber-950 sm:flex-row sm:items-center dark:border-amber-900 dark:bg-amber-950/40 dark:text-amber-100"
    >
      <MailWarningIcon aria-hidden className="hidden size-5 shrink-0 sm:block" />
      <div className="min-w-0 flex-1 text-sm">
        <h2 id="verify-email-banner-title" className="font-semibold">
          {t("auth.verifyEmail.bannerTitle")}
        </h2>
        <p className="break-words">{t("auth.verifyEmail.bannerText", { email: user.email })}</p>
      </div>
      <ResendVerificationButton className="self-start bg-background sm:self-center" />
    </section>
  );
}
