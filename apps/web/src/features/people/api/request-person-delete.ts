import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { PersonDeleteRequestBody } from "@vt/shared/api-schemas";
import { PERSON_PATHS, type TPersonKind } from "@vt/shared/contracts/people";
import { api } from "@/lib/api-client";
import { peopleQueryKeyAll } from "./get-people";

/** `POST /api/authors|artists|characters/{id}/deleteRequest`: asks the admins to delete it (reason required). */
export function requestPersonDelete(kind: TPersonKind, personId: number, body: PersonDeleteRequestBody) {
  return api.post(`/api/${PERSON_PATHS[kind]}/{id}/deleteRequest`, body, {
    params: { path: { id: personId } },
  });
}

export function useRequestPersonDelete(kind: TPersonKind) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ personId, ...body }: PersonDeleteRequestBody & { personId: number }) =>
      requestPersonDelete(kind, personId, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: peopleQueryKeyAll }),
  });
}
