import "@/features/comics/texts";
import { getRouteApi, useNavigate } from "@tanstack/react-router";
import { ContactIcon } from "lucide-react";
import { PeopleListPage } from "@/features/people/components/people-list-page";
import { useTeams } from "@/features/teams/api/get-teams";

const route = getRouteApi("/app/characters");

/** /characters: the character list (search and page in the URL), create, edit and delete requests. */
export function CharactersPage() {
  const { page = 1, search } = route.useSearch();
  const navigate = useNavigate();
  const teams = useTeams({ page: 1, limit: 100 });
  return (
    <PeopleListPage
      kind="character"
      icon={ContactIcon}
      page={page}
      search={search}
      teams={(teams.data?.teams ?? []).map(({ id, name }) => ({ id, name }))}
      onSearchChange={(next) => void navigate({ to: "/characters", search: next })}
    />
  );
}
