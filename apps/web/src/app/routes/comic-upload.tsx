import "@/features/comics/texts";
import { Link, useNavigate } from "@tanstack/react-router";
import { UsersIcon } from "lucide-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { EmptyState } from "@/components/empty-state";
import { Page } from "@/components/page";
import { PageHeader } from "@/components/page-header";
import { QueryState } from "@/components/query-state";
import { Button } from "@/components/ui/button";
import { useCreateComic } from "@/features/comics/api/create-comic";
import { toComicRequest } from "@/features/comics/comic-form-schema";
import { ComicForm } from "@/features/comics/components/comic-form";
import { SectionSkeleton } from "@/features/comics/components/comic-layout";
import { useTeams } from "@/features/teams/api/get-teams";
import { toast } from "@/lib/toast";
import { comicPeoplePickers } from "./comic-pickers";

/** /comics/upload: a new comic for one of my teams, with its cover (uploaded first, then the comic). */
export function ComicUploadPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const teams = useTeams({ page: 1, limit: 100 });
  const createComic = useCreateComic();
  const [coverPercent, setCoverPercent] = useState<number | null>(null);
  const myTeams = (teams.data?.teams ?? []).map(({ id, name }) => ({ id, name }));

  return (
    <Page>
      <PageHeader title={t("pages.comicUpload.title")} description={t("pages.comicUpload.description")} />
      <QueryState query={teams} loading={<SectionSkeleton />}>
        {() =>
          myTeams.length === 0 ? (
            <EmptyState
              icon={UsersIcon}
              title={t("comics.form.noTeamTitle")}
              description={t("comics.form.noTeamDescription")}
            >
              <Button asChild>
                <Link to="/teams">{t("comics.form.goToTeams")}</Link>
              </Button>
            </EmptyState>
          ) : (
            <ComicForm
              mode="create"
              teams={myTeams}
              pickers={comicPeoplePickers}
              submitting={createComic.isPending}
              coverPercent={coverPercent}
              onSubmit={async ({ teamId, cover, ...values }) => {
                setCoverPercent(0);
                const comic = await createComic
                  .mutateAsync({
                    body: { ...toComicRequest(values), teamId },
                    cover,
                    onCoverProgress: (progress) => setCoverPercent(progress.percent ?? 0),
                  })
                  .catch(() => undefined)
                  .finally(() => setCoverPercent(null));
                if (!comic) return;
                toast.success(t("success.created"));
                await navigate({ to: "/comics/$comicId", params: { comicId: String(comic.id) } });
              }}
            />
          )
        }
      </QueryState>
    </Page>
  );
}
