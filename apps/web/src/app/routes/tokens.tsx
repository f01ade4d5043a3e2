import "@/lib/power-texts";
import { useQuery } from "@tanstack/react-query";
import type { TCreatedApiToken } from "@vt/shared/contracts/tokens";
import { KeyRoundIcon } from "lucide-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { EmptyState } from "@/components/empty-state";
import { Page } from "@/components/page";
import { PageHeader } from "@/components/page-header";
import { ListSkeleton, QueryState } from "@/components/query-state";
import { teamsQueryOptions } from "@/features/teams/api/get-teams";
import { useTokens } from "@/features/tokens/api/get-tokens";
import { CreateTokenDialog } from "@/features/tokens/components/create-token-dialog";
import { TokenSecretDialog } from "@/features/tokens/components/token-secret-dialog";
import { TokensTable } from "@/features/tokens/components/tokens-table";

/**
 * /tokens: my personal API tokens (docs/permissions.md, "API tokens"), for `npm run upload` and
 * other tools.
 */
export function TokensPage() {
  const { t } = useTranslation();
  const tokens = useTokens();
  // Tokens are scoped to one of my teams: the first 100 cover every real membership.
  const teams = useQuery(teamsQueryOptions({ page: 1, limit: 100 }));
  const [created, setCreated] = useState<TCreatedApiToken | null>(null);
  const teamOptions = (teams.data?.teams ?? []).map((team) => ({ id: team.id, name: team.name }));

  return (
    <Page>
      <PageHeader
        title={t("power.tokens.title")}
        description={t("power.tokens.description")}
        actions={<CreateTokenDialog teams={teamOptions} onCreated={setCreated} />}
      />
      {teams.data && teamOptions.length === 0 && (
        <p className="text-muted-foreground text-sm">{t("power.tokens.noTeam")}</p>
      )}
      <QueryState query={tokens} loading={<ListSkeleton rows={3} />}>
        {(data) =>
          data.tokens.length === 0 ? (
            <EmptyState
              icon={KeyRoundIcon}
              title={t("power.tokens.emptyTitle")}
              description={t("power.tokens.emptyDescription")}
            />
          ) : (
            <TokensTable tokens={data.tokens} />
          )
        }
      </QueryState>
      <TokenSecretDialog created={created} onClose={() => setCreated(null)} />
    </Page>
  );
}
