import "@/features/requests/texts";
import { getRouteApi, useNavigate } from "@tanstack/react-router";
import { InboxIcon } from "lucide-react";
import { useTranslation } from "react-i18next";
import { EmptyState } from "@/components/empty-state";
import { Page } from "@/components/page";
import { PageHeader } from "@/components/page-header";
import { QueryState } from "@/components/query-state";
import { SelectField } from "@/components/select-field";
import { Pagination } from "@/components/ui/pagination";
import { Skeleton } from "@/components/ui/skeleton";
import { useRequestCounts } from "@/features/requests/api/get-request-counts";
import { useRequests } from "@/features/requests/api/get-requests";
import { RequestList } from "@/features/requests/request-list";
import { REQUEST_STATUSES, REQUEST_TYPES, type RequestsSearch } from "@/features/requests/requests-search";
import { cn } from "@/lib/utils";

const route = getRouteApi("/app/requests");
const PAGE_SIZE = 20;
const ALL = "all";

/** /requests: tabs "sent by my teams" and "to review", filters by kind and status, pages. */
export function RequestsPage() {
  const { t } = useTranslation();
  const search = route.useSearch();
  const navigate = useNavigate();
  const tab = search.tab ?? "sent";
  const page = search.page ?? 1;
  const requests = useRequests({
    scope: tab === "review" ? "review" : "mine",
    page,
    limit: PAGE_SIZE,
    type: search.type,
    status: search.state,
  });
  const counts = useRequestCounts();
  const go = (next: Partial<RequestsSearch>) =>
    void navigate({ to: "/requests", search: { ...search, page: undefined, ...next } });

  const tabs = [
    { key: "sent", label: t("review.requests.tabSent"), count: counts.data?.sent },
    { key: "review", label: t("review.requests.tabReview"), count: counts.data?.review },
  ] as const;

  return (
    <Page>
      <PageHeader title={t("review.requests.title")} description={t("review.requests.description")} />
      <div role="tablist" aria-label={t("review.requests.title")} className="flex gap-1 border-b">
        {tabs.map((item) => (
          <button
            key={item.key}
            type="button"
            role="tab"
            aria-selected={tab === item.key}
            onClick={() => go({ tab: item.key === "review" ? "review" : undefined })}
            className={cn(
              "-mb-px flex items-center gap-2 border-b-2 px-3 py-2 font-medium text-sm",
              tab === item.key
                ? "border-primary text-foreground"
                : "border-transparent text-muted-foreground",
            )}
          >
            {item.label}
            {item.count ? (
              <span className="rounded-full bg-primary/15 px-1.5 text-primary text-xs tabular-nums">
                {item.count}
              </span>
            ) : null}
          </button>
        ))}
      </div>
      <div className="flex flex-wrap gap-3">
        <div className="w-48">
          <SelectField
            aria-label={t("review.requests.type")}
            value={search.type ?? ALL}
            onValueChange={(value) =>
              go({ type: value === ALL ? undefined : (value as RequestsSearch["type"]) })
            }
            options={[
              { value: ALL, label: t("review.requests.allTypes") },
              ...REQUEST_TYPES.map((type) => ({ value: type, label: t(`requests.type.${type}`) })),
            ]}
          />
        </div>
        <div className="w-48">
          <SelectField
            aria-label={t("review.requests.status")}
            value={search.state ?? ALL}
            onValueChange={(value) =>
              go({ state: value === ALL ? undefined : (value as RequestsSearch["state"]) })
            }
            options={[
              { value: ALL, label: t("review.requests.allStatuses") },
              ...REQUEST_STATUSES.map((status) => ({ value: status, label: t(`requests.status.${status}`) })),
            ]}
          />
        </div>
      </div>
      <div role="tabpanel">
        <QueryState
          query={requests}
          loading={
            <div className="grid gap-3" aria-busy="true" data-state="loading">
              <Skeleton className="h-32" />
              <Skeleton className="h-32" />
            </div>
          }
        >
          {(data) =>
            data.requests.length === 0 ? (
              <EmptyState
                icon={InboxIcon}
                title={t("review.requests.emptyTitle")}
                description={t(
                  tab === "review" ? "review.requests.emptyReview" : "review.requests.emptySent",
                )}
              />
            ) : (
              <div className="grid gap-4">
                <RequestList requests={data.requests} busy={requests.isPlaceholderData} />
                <Pagination
                  page={page}
                  totalPages={data.totalPages}
                  onPageChange={(next) =>
                    void navigate({
                      to: "/requests",
                      search: { ...search, page: next > 1 ? next : undefined },
                    })
                  }
                  label={t("review.requests.pagination")}
                />
              </div>
            )
          }
        </QueryState>
      </div>
    </Page>
  );
}
