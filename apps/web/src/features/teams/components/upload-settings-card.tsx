import { PUBLISH_DELAY_HOURS_MAX, type TUploadSettings } from "@vt/shared/contracts/upload-settings";
import { SaveIcon } from "lucide-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { ActionButton } from "@/components/action-button";
import { FormField } from "@/components/form-field";
import { SwitchRow } from "@/components/switch-row";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { Input } from "@/components/ui/input";
import { toast } from "@/lib/toast";
import { useUpdateUploadSettings } from "../api/upload-settings";

/**
 * The team's upload settings: "publish N hours after upload" fills the scheduled date of new
 * chapters (0 = publish at once); "split tall strips" is the default of that option in the chapter
 * editor's page drop. Managers and owners edit them; members see them read-only.
 */
export function UploadSettingsCard({
  teamId,
  settings,
  canManage,
}: {
  teamId: number;
  settings: TUploadSettings;
  canManage: boolean;
}) {
  const { t } = useTranslation();
  const update = useUpdateUploadSettings(teamId);
  const [hours, setHours] = useState(String(settings.publishDelayHours));
  const [split, setSplit] = useState(settings.splitTallStrips);
  const [error, setError] = useState<string | undefined>();

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    const value = Number(hours.trim() === "" ? "0" : hours);
    if (!Number.isInteger(value) || value < 0 || value > PUBLISH_DELAY_HOURS_MAX) {
      setError(t("power.publishDelay.invalid", { max: PUBLISH_DELAY_HOURS_MAX }));
      return;
    }
    setError(undefined);
    const saved = await update
      .mutateAsync({
        publishDelayHours: value,
        splitTallStrips: split,
        version: settings.version,
      })
      .catch(() => undefined);
    if (!saved) return;
    setHours(String(saved.publishDelayHours));
    setSplit(saved.splitTallStrips);
    toast.success(t("success.updated"));
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle>{t("power.publishDelay.title")}</CardTitle>
      </CardHeader>
      <CardContent>
        <form noValidate onSubmit={submit} className="flex flex-wrap items-end gap-3">
          <FormField
            label={t("power.publishDelay.label")}
            hint={t("power.publishDelay.hint")}
            error={error}
            className="w-full max-w-sm"
          >
            <Input
              type="number"
              inputMode="numeric"
              min={0}
              max={PUBLISH_DELAY_HOURS_MAX}
              step={1}
              value={hours}
              readOnly={!canManage}
              onChange={(event) => setHours(event.target.value)}
            />
          </FormField>
          <div className="w-full">
            <SwitchRow
              label={t("power.publishDelay.splitTall")}
              hint={t("power.publishDelay.splitTallHint")}
              checked={split}
              onCheckedChange={setSplit}
              disabled={!canManage}
            />
          </div>
          {canManage && (
            <ActionButton
              type="submit"
              pending={update.isPending}
              icon={<SaveIcon aria-hidden />}
              label={t("power.publishDelay.save")}
            />
          )}
        </form>
      </CardContent>
    </Card>
  );
}
