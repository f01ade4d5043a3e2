import type { TTeamRole } from "@vt/shared/contracts/teams";
import { CrownIcon, ShieldIcon, UploadIcon } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Badge } from "@/components/ui/badge";

const ICONS = { owner: CrownIcon, manager: ShieldIcon, uploader: UploadIcon } as const;

export function RoleBadge({ value: role }: { value: TTeamRole | "admin" }) {
  const { t } = useTranslation();
  const Icon = role === "admin" ? ShieldIcon : ICONS[role];
  return (
    <Badge variant={role === "owner" ? "blossom" : role === "uploader" ? "outline" : "secondary"}>
      <Icon aria-hidden />
      {t(`teams.roles.${role}`)}
    </Badge>
  );
}
