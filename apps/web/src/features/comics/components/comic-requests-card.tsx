import type { ComicDetail } from "@vt/shared/api-schemas";
import { GitMergeIcon, Trash2Icon } from "lucide-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { RequestStatusBadge } from "@/components/request-status-badge";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { formatDateTime } from "@/lib/date-format";
import { RequestDeleteDialog } from "./request-delete-dialog";
import { RequestMergeDialog } from "./request-merge-dialog";

/** My teams' requests on the comic (with their status) and the delete / merge request buttons. */
export function ComicRequestsCard({ comic }: { comic: ComicDetail }) {
  const { t, i18n } = useTranslation();
  const [dialog, setDialog] = useState<"delete" | "merge" | null>(null);
  const canRequest = comic.can.upload && comic.can.teams.length > 0;
  return (
    <section aria-labelledby="comic-requests-title">
      <Card>
        <CardHeader>
          <CardTitle id="comic-requests-title" className="text-base">
            {t("comics.requests.title")}
          </CardTitle>
          <CardDescription>{t("comics.requests.actionsHint")}</CardDescription>
        </CardHeader>
        <CardContent className="grid gap-4">
          {canRequest && (
            <div className="flex flex-wrap gap-2">
              <Button variant="outline" size="sm" onClick={() => setDialog("delete")}>
                <Trash2Icon aria-hidden />
                {t("comics.requests.requestDelete")}
              </Button>
              <Button variant="outline" size="sm" onClick={() => setDialog("merge")}>
                <GitMergeIcon aria-hidden />
                {t("comics.requests.requestMerge")}
              </Button>
            </div>
          )}
          {comic.requests.length === 0 ? (
            <p className="text-muted-foreground text-sm">{t("comics.requests.empty")}</p>
          ) : (
            <ul className="grid gap-2">
              {comic.requests.map((request) => (
                <li
                  key={request.id}
                  className="flex items-center justify-between gap-3 rounded-lg border px-3 py-2"
                >
                  <div className="grid min-w-0">
                    <span className="font-medium text-sm">{t(`requests.type.${request.type}`)}</span>
                    <span className="truncate text-muted-foreground text-xs">
                      {t("comics.requests.byTeam", {
                        team: request.team.name,
                        date: formatDateTime(request.createdAt, i18n.language),
                      })}
                    </span>
                  </div>
                  <RequestStatusBadge status={request.status} />
                </li>
              ))}
            </ul>
          )}
        </CardContent>
        <RequestDeleteDialog
          comic={comic}
          open={dialog === "delete"}
          onOpenChange={(open) => !open && setDialog(null)}
        />
        <RequestMergeDialog
          comic={comic}
          open={dialog === "merge"}
          onOpenChange={(open) => !open && setDialog(null)}
        />
      </Card>
    </section>
  );
}
