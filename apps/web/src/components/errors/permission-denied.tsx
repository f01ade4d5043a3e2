import { LogInIcon, ShieldAlertIcon } from "lucide-react";
import { useTranslation } from "react-i18next";
import { AnchorButton } from "@/components/link-button";
import { ErrorScreen } from "./error-screen";

/**
 * Shown when the server refuses the page's data: log in (`loginHref`, the sign-in page
 * coming back here), or ask an admin for access.
 */
export function PermissionDenied({ loginHref }: { loginHref: string }) {
  const { t } = useTranslation();
  return (
    <ErrorScreen
      icon={ShieldAlertIcon}
      title={t("errors.permissionDenied.title")}
      description={t("errors.permissionDenied.description")}
      actions={<AnchorButton href={loginHref} icon={LogInIcon} label={t("errors.permissionDenied.login")} />}
    />
  );
}
