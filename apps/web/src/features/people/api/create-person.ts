import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { PersonBody } from "@vt/shared/api-schemas";
import { PERSON_PATHS, type TPersonKind } from "@vt/shared/contracts/people";
import { api } from "@/lib/api-client";
import { peopleQueryKeyAll } from "./get-people";

/** `POST /api/authors|artists|characters`: 409 when the kind already has that exact name. */
export function createPerson(kind: TPersonKind, body: PersonBody) {
  return api.post(`/api/${PERSON_PATHS[kind]}`, body);
}

export function useCreatePerson(kind: TPersonKind) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: PersonBody) => createPerson(kind, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: peopleQueryKeyAll }),
  });
}
