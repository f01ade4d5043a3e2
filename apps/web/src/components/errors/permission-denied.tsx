import { Link, useRouterState } from "@tanstack/react-router";
import { HouseIcon, LogInIcon, ShieldAlertIcon } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Button } from "@/components/ui/button";

/** Shown when the server refuses the page's data (spec §2): log in, or ask an admin for access. */
export function PermissionDenied() {
  const { t } = useTranslation();
  const href = useRouterState({ select: (state) => `${state.location.pathname}${state.location.searchStr}` });
  return (
    <section
      role="alert"
      className="mx-auto flex w-full max-w-lg flex-1 flex-col items-center justify-center gap-4 p-6 text-center"
    >
      <div className="flex size-14 items-center justify-center rounded-full bg-destructive/10 text-destructive">
        <ShieldAlertIcon aria-hidden className="size-7" />
      </div>
      <h1 className="font-semibold text-xl">{t("errors.permissionDenied.title")}</h1>
      <p className="text-muted-foreground">{t("errors.permissionDenied.description")}</p>
      <div className="flex flex-wrap justify-center gap-2">
        <Button asChild>
          <Link to="/login" search={{ next: href }}>
            <LogInIcon aria-hidden />
            {t("errors.permissionDenied.login")}
          </Link>
        </Button>
        <Button asChild variant="outline">
          <Link to="/">
            <HouseIcon aria-hidden />
            {t("common.backHome")}
          </Link>
        </Button>
      </div>
    </section>
  );
}
