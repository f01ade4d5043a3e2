import "@/features/comics/texts";
import { getRouteApi, useNavigate } from "@tanstack/react-router";
import { NotebookPenIcon } from "lucide-react";
import { PeopleListPage } from "@/features/people/components/people-list-page";
import { useTeams } from "@/features/teams/api/get-teams";

const route = getRouteApi("/app/authors");

/** /authors: the author list (search and page in the URL), create, edit and delete requests. */
export function AuthorsPage() {
  const { page = 1, search } = route.useSearch();
  const navigate = useNavigate();
  const teams = useTeams({ page: 1, limit: 100 });
  return (
    <PeopleListPage
      kind="author"
      icon={NotebookPenIcon}
      page={page}
      search={search}
      teams={(teams.data?.teams ?? []).map(({ id, name }) => ({ id, name }))}
      onSearchChange={(next) => void navigate({ to: "/authors", search: next })}
    />
  );
}
