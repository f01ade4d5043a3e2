import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { CreateApiTokenRequest } from "@vt/shared/api-schemas";
import { api } from "@/lib/api-client";
import { tokensQueryOptions } from "./get-tokens";

/** `POST /api/tokens`: the answer holds the secret, shown this once. */
export function createToken(body: CreateApiTokenRequest) {
  return api.post("/api/tokens", body);
}

export function useCreateToken() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createToken,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: tokensQueryOptions().queryKey }),
  });
}
