import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { tokensQueryOptions } from "./get-tokens";

/** `DELETE /api/tokens/:tokenId`: the token answers 401 from now on. */
export function revokeToken(tokenId: number) {
  return api.delete("/api/tokens/{tokenId}", { params: { path: { tokenId } } });
}

export function useRevokeToken() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: revokeToken,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: tokensQueryOptions().queryKey }),
  });
}
