import { useTranslation } from "react-i18next";
import { AppLogo } from "@/components/brand/app-logo";

/** While the session is being restored at start-up, before the guard decides. */
export function SplashScreen() {
  const { t } = useTranslation();
  return (
    <div
      role="status"
      aria-live="polite"
      className="flex min-h-svh animate-[fade-in_300ms_ease-out_150ms_both] flex-col items-center justify-center gap-4 bg-background"
    >
      <AppLogo className="size-14 animate-pulse" />
      <p className="text-muted-foreground text-sm">{t("auth.checkingSession")}</p>
    </div>
  );
}
