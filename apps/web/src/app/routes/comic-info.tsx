import "@/features/comics/texts";
import { useQueryClient } from "@tanstack/react-query";
import { getRouteApi } from "@tanstack/react-router";
import type { ComicDetail } from "@vt/shared/api-schemas";
import { useTranslation } from "react-i18next";
import { useModal } from "@/components/modal/use-modal";
import { comicQueryOptions } from "@/features/comics/api/get-comic";
import { useUpdateComic } from "@/features/comics/api/update-comic";
import { toComicRequest } from "@/features/comics/comic-form-schema";
import { parseComicId } from "@/features/comics/comics-search";
import { ComicForm } from "@/features/comics/components/comic-form";
import { ComicLayout } from "@/features/comics/components/comic-layout";
import { comicPeoplePickers } from "./comic-pickers";

const route = getRouteApi("/app/comics/$comicId/info");

/** /comics/{id}/info: the comic's basic info; saving asks for confirmation first. */
export function ComicInfoPage() {
  const { t } = useTranslation();
  const comicId = parseComicId(route.useParams().comicId);
  return (
    <ComicLayout
      comicId={comicId}
      section="info"
      title={t("pages.comicInfo.title")}
      description={t("pages.comicInfo.description")}
    >
      {(comic) => <InfoForm comic={comic} />}
    </ComicLayout>
  );
}

function InfoForm({ comic }: { comic: ComicDetail }) {
  const { t } = useTranslation();
  const modal = useModal();
  const queryClient = useQueryClient();
  const update = useUpdateComic(comic.id);
  return (
    <>
      {!comic.can.edit && (
        <p className="rounded-lg border border-dashed px-3 py-2 text-muted-foreground text-sm">
          {t("comics.form.readOnly")}
        </p>
      )}
      <ComicForm
        mode="edit"
        comic={comic}
        fetchLatest={() => queryClient.fetchQuery({ ...comicQueryOptions(comic.id), staleTime: 0 })}
        readOnly={!comic.can.edit}
        pickers={comicPeoplePickers}
        submitting={update.isPending}
        onSubmit={(values, save) =>
          modal.confirm({
            title: t("comics.form.confirmUpdateTitle"),
            description: t("comics.form.confirmUpdateDescription", { title: values.title }),
            onConfirm: async () => {
              await save((version) => update.mutateAsync({ ...toComicRequest(values), version })).catch(
                () => undefined,
              );
            },
          })
        }
      />
    </>
  );
}
