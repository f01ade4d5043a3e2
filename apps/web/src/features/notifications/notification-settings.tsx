import { NOTIFICATION_KINDS } from "@vt/shared/contracts/notifications";
import { useTranslation } from "react-i18next";
import { ListSkeleton, QueryState } from "@/components/query-state";
import { SwitchRow } from "@/components/switch-row";
import { showErrorToast } from "@/lib/error-toast";
import { toast } from "@/lib/toast";
import { useNotificationSettings } from "./api/get-notification-settings";
import { useSaveNotificationSettings } from "./api/save-notification-settings";

/** Mail on/off per notification kind (in-app notifications always stay). Saved on each switch. */
export function NotificationSettings() {
  const { t } = useTranslation();
  const settings = useNotificationSettings(true);
  const save = useSaveNotificationSettings();
  return (
    <div className="grid gap-2 px-3 pb-3">
      <p className="text-muted-foreground text-xs">{t("review.notifications.settingsHint")}</p>
      <QueryState query={settings} loading={<ListSkeleton rows={4} />}>
        {(data) => (
          <div className="grid gap-2">
            {NOTIFICATION_KINDS.map((kind) => (
              <SwitchRow
                key={kind}
                label={t(`review.notifications.kind.${kind}`)}
                checked={data.mail[kind]}
                disabled={save.isPending}
                onCheckedChange={(checked) =>
                  save.mutate(
                    { mail: { ...data.mail, [kind]: checked } },
                    {
                      onSuccess: () => toast.success(t("review.notifications.saved")),
                      onError: showErrorToast,
                    },
                  )
                }
              />
            ))}
          </div>
        )}
      </QueryState>
    </div>
  );
}
