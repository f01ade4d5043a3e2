import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { PersonBody } from "@vt/shared/api-schemas";
import { PERSON_PATHS, type TPersonKind } from "@vt/shared/contracts/people";
import { api } from "@/lib/api-client";
import { peopleQueryKeyAll } from "./get-people";

/** `PUT /api/authors|artists|characters/{id}`: renames it. */
export function updatePerson(kind: TPersonKind, personId: number, body: PersonBody) {
  return api.put(`/api/${PERSON_PATHS[kind]}/{id}`, body, { params: { path: { id: personId } } });
}

export function useUpdatePerson(kind: TPersonKind) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ personId, ...body }: PersonBody & { personId: number }) =>
      updatePerson(kind, personId, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: peopleQueryKeyAll }),
  });
}
