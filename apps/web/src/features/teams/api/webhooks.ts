import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type {
  TCreateWebhookRequest,
  TUpdateWebhookRequest,
  TWebhookDeliveryList,
} from "@vt/shared/contracts/webhooks";
import { api } from "@/lib/api-client";
import { teamActivityQueryKeyAll } from "./get-team-activity";

/*
 * The team's webhooks (docs/webhooks.md): `/api/teams/{teamId}/webhooks...`, managers and owners.
 * Create and rotate answer the secret, the only time it is shown.
 */

export const webhooksQueryOptions = (teamId: number) =>
  queryOptions({
    queryKey: ["team-webhooks", { teamId }] as const,
    queryFn: ({ signal }) =>
      api.get("/api/teams/{teamId}/webhooks", { params: { path: { teamId } }, signal }),
  });

export const useWebhooks = (teamId: number, enabled = true) =>
  useQuery({ ...webhooksQueryOptions(teamId), enabled });

/** Polling of the log while a delivery is still being sent (it shows the outcome when it comes). */
const PENDING_POLL_MS = 2000;

export const webhookDeliveriesQueryOptions = (teamId: number, hookId: number) =>
  queryOptions({
    queryKey: ["team-webhooks", { teamId }, "deliveries", hookId] as const,
    queryFn: ({ signal }) =>
      api.get("/api/teams/{teamId}/webhooks/{hookId}/deliveries", {
        params: { path: { teamId, hookId } },
        signal,
      }),
    refetchInterval: (query) =>
      (query.state.data as TWebhookDeliveryList | undefined)?.items.some((d) => d.status === "pending")
        ? PENDING_POLL_MS
        : false,
  });

export const useWebhookDeliveries = (teamId: number, hookId: number) =>
  useQuery(webhookDeliveriesQueryOptions(teamId, hookId));

/** Refreshes the hooks, their logs and the team's activity after a change. */
function useRefresh(teamId: number) {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: webhooksQueryOptions(teamId).queryKey }),
      queryClient.invalidateQueries({ queryKey: teamActivityQueryKeyAll(teamId) }),
    ]);
}

export function useCreateWebhook(teamId: number) {
  const refresh = useRefresh(teamId);
  return useMutation({
    mutationFn: (body: TCreateWebhookRequest) =>
      api.post("/api/teams/{teamId}/webhooks", body, { params: { path: { teamId } } }),
    onSuccess: refresh,
  });
}

export function useUpdateWebhook(teamId: number) {
  const refresh = useRefresh(teamId);
  return useMutation({
    mutationFn: ({ hookId, body }: { hookId: number; body: TUpdateWebhookRequest }) =>
      api.put("/api/teams/{teamId}/webhooks/{hookId}", body, { params: { path: { teamId, hookId } } }),
    onSuccess: refresh,
  });
}

export function useDeleteWebhook(teamId: number) {
  const refresh = useRefresh(teamId);
  return useMutation({
    mutationFn: (hookId: number) =>
      api.delete("/api/teams/{teamId}/webhooks/{hookId}", { params: { path: { teamId, hookId } } }),
    onSuccess: refresh,
  });
}

export function useRotateWebhookSecret(teamId: number) {
  const refresh = useRefresh(teamId);
  return useMutation({
    mutationFn: (hookId: number) =>
      api.post("/api/teams/{teamId}/webhooks/{hookId}/rotate-secret", undefined, {
        params: { path: { teamId, hookId } },
      }),
    onSuccess: refresh,
  });
}

export function useSendWebhookTest(teamId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (hookId: number) =>
      api.post("/api/teams/{teamId}/webhooks/{hookId}/test", undefined, {
        params: { path: { teamId, hookId } },
      }),
    onSuccess: (_delivery, hookId) =>
      queryClient.invalidateQueries({ queryKey: webhookDeliveriesQueryOptions(teamId, hookId).queryKey }),
  });
}

export function useResendWebhookDelivery(teamId: number, hookId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (deliveryId: number) =>
      api.post("/api/teams/{teamId}/webhooks/{hookId}/deliveries/{deliveryId}/resend", undefined, {
        params: { path: { teamId, hookId, deliveryId } },
      }),
    onSuccess: () =>
      queryClient.invalidateQueries({ queryKey: webhookDeliveriesQueryOptions(teamId, hookId).queryKey }),
  });
}
