import { Link } from "@tanstack/react-router";
import { HouseIcon, SearchXIcon } from "lucide-react";
import { useTranslation } from "react-i18next";
import { AppLogo } from "@/components/brand/app-logo";
import { LinkButton } from "@/components/link-button";

/** Any unknown path, signed in or not: '404' and "Page not found", translated. */
export function NotFoundPage() {
  const { t } = useTranslation();
  return (
    <main className="flex min-h-svh flex-col items-center justify-center gap-6 bg-background p-6 text-center">
      <Link
        to="/"
        aria-label={t("common.studioName")}
        className="rounded-lg outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50"
      >
        <AppLogo className="size-12" />
      </Link>
      <div className="flex items-center gap-3 text-muted-foreground">
        <SearchXIcon aria-hidden className="size-8" />
        <p className="font-bold text-6xl text-primary tracking-tight">{t("errors.notFound.code")}</p>
      </div>
      <div className="grid max-w-md gap-2">
        <h1 className="font-semibold text-2xl">{t("errors.notFound.title")}</h1>
        <p className="text-muted-foreground">{t("errors.notFound.description")}</p>
      </div>
      <LinkButton to="/" icon={HouseIcon} label={t("common.backHome")} />
    </main>
  );
}
