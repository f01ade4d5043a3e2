import { type ErrorComponentProps, useRouter, useRouterState } from "@tanstack/react-router";
import { RotateCcwIcon, TriangleAlertIcon } from "lucide-react";
import { useTranslation } from "react-i18next";
import { ErrorScreen } from "@/components/errors/error-screen";
import { PermissionDenied } from "@/components/errors/permission-denied";
import { Button } from "@/components/ui/button";
import { loginHref } from "@/features/auth/guard";
import { getErrorMessage, isApiError } from "@/lib/api-error";

/** Error boundary of every route: the permission-denied screen for 401/403, else a retry card. */
export function RouteError({ error, reset }: ErrorComponentProps) {
  const { t } = useTranslation();
  const router = useRouter();
  const signInHref = useRouterState({ select: (state) => loginHref(state.location) });

  if (isApiError(error) && (error.kind === "forbidden" || error.kind === "unauthorized")) {
    return <PermissionDenied loginHref={signInHref} />;
  }

  return (
    <ErrorScreen
      icon={TriangleAlertIcon}
      title={t("errors.routeError.title")}
      description={t("errors.routeError.description")}
      actions={
        <Button
          onClick={() => {
            reset();
            void router.invalidate();
          }}
        >
          <RotateCcwIcon aria-hidden />
          {t("common.retry")}
        </Button>
      }
    >
      <p className="max-w-full break-words rounded-md bg-muted px-3 py-2 font-mono text-muted-foreground text-xs">
        {getErrorMessage(error)}
      </p>
    </ErrorScreen>
  );
}
