import { type ErrorComponentProps, Link, useRouter } from "@tanstack/react-router";
import { HouseIcon, RotateCcwIcon, TriangleAlertIcon } from "lucide-react";
import { useTranslation } from "react-i18next";
import { PermissionDenied } from "@/components/errors/permission-denied";
import { Button } from "@/components/ui/button";
import { getErrorMessage, isApiError } from "@/lib/api-error";

/** Error boundary of every route: the permission-denied screen for 401/403, else a retry card. */
export function RouteError({ error, reset }: ErrorComponentProps) {
  const { t } = useTranslation();
  const router = useRouter();

  if (isApiError(error) && (error.kind === "forbidden" || error.kind === "unauthorized")) {
    return <PermissionDenied />;
  }

  return (
    <section
      role="alert"
      className="mx-auto flex w-full max-w-lg flex-1 flex-col items-center justify-center gap-4 p-6 text-center"
    >
      <div className="flex size-14 items-center justify-center rounded-full bg-destructive/10 text-destructive">
        <TriangleAlertIcon aria-hidden className="size-7" />
      </div>
      <h1 className="font-semibold text-xl">{t("errors.routeError.title")}</h1>
      <p className="text-muted-foreground">{t("errors.routeError.description")}</p>
      <p className="max-w-full break-words rounded-md bg-muted px-3 py-2 font-mono text-muted-foreground text-xs">
        {getErrorMessage(error)}
      </p>
      <div className="flex flex-wrap justify-center gap-2">
        <Button
          onClick={() => {
            reset();
            void router.invalidate();
          }}
        >
          <RotateCcwIcon aria-hidden />
          {t("common.retry")}
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
