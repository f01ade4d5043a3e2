import type { TApiToken } from "@vt/shared/contracts/tokens";
import { Trash2Icon } from "lucide-react";
import { useTranslation } from "react-i18next";
import { useModal } from "@/components/modal/use-modal";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import { formatDateTime } from "@/lib/date-format";
import { toast } from "@/lib/toast";
import { useRevokeToken } from "../api/revoke-token";

function when(ms: number | null, lang: string, never: string): string {
  if (ms === null) return never;
  return formatDateTime(ms, lang);
}

/** My tokens: name and prefix, team, scope, created, last use, revoke (with confirmation). */
export function TokensTable({ tokens }: { tokens: TApiToken[] }) {
  const { t, i18n } = useTranslation();
  const modal = useModal();
  const revoke = useRevokeToken();
  const lang = i18n.language;

  const confirmRevoke = (token: TApiToken) =>
    modal.confirm({
      title: t("power.tokens.revokeTitle", { name: token.name }),
      description: t("power.tokens.revokeDescription"),
      confirmLabel: t("power.tokens.revoke"),
      destructive: true,
      onConfirm: async () => {
        await revoke.mutateAsync(token.id);
        toast.success(t("power.tokens.revoked"));
      },
    });

  return (
    <div className="overflow-x-auto rounded-xl border">
      <Table>
        <TableHeader>
          <TableRow>
            <TableHead>{t("power.tokens.name")}</TableHead>
            <TableHead>{t("power.tokens.team")}</TableHead>
            <TableHead>{t("power.tokens.scope")}</TableHead>
            <TableHead>{t("power.tokens.created")}</TableHead>
            <TableHead>{t("power.tokens.lastUsed")}</TableHead>
            <TableHead className="text-right">{t("power.tokens.actions")}</TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {tokens.map((token) => (
            <TableRow key={token.id} data-token-id={token.id}>
              <TableCell>
                <div className="font-medium">{token.name}</div>
                <div className="font-mono text-muted-foreground text-xs">{token.prefix}…</div>
              </TableCell>
              <TableCell>{token.team.name}</TableCell>
              <TableCell>
                <Badge variant="secondary">{t(`power.tokens.scopes.${token.scope}`)}</Badge>
              </TableCell>
              <TableCell className="whitespace-nowrap">{when(token.createdAt, lang, "")}</TableCell>
              <TableCell className="whitespace-nowrap" data-testid="token-last-used">
                {when(token.lastUsedAt, lang, t("power.tokens.neverUsed"))}
              </TableCell>
              <TableCell className="text-right">
                {token.revokedAt !== null ? (
                  <Badge variant="outline">
                    {t("power.tokens.revokedAt", { date: when(token.revokedAt, lang, "") })}
                  </Badge>
                ) : (
                  <Button variant="outline" size="sm" onClick={() => void confirmRevoke(token)}>
                    <Trash2Icon aria-hidden />
                    {t("power.tokens.revoke")}
                  </Button>
                )}
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </div>
  );
}
