import { useRouterState } from "@tanstack/react-router";
import { LogInIcon, ShieldAlertIcon } from "lucide-react";
import { useTranslation } from "react-i18next";
import { LinkButton } from "@/components/link-button";
import { ErrorScreen } from "./error-screen";

/** Shown when the server refuses the page's data (spec §2): log in, or ask an admin for access. */
export function PermissionDenied() {
  const { t } = useTranslation();
  const href = useRouterState({ select: (state) => `${state.location.pathname}${state.location.searchStr}` });
  return (
    <ErrorScreen
      icon={ShieldAlertIcon}
      title={t("errors.permissionDenied.title")}
      description={t("errors.permissionDenied.description")}
      actions={
        <LinkButton
          to="/login"
          search={{ next: href }}
          icon={LogInIcon}
          label={t("errors.permissionDenied.login")}
        />
      }
    />
  );
}
