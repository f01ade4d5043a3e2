import "@/features/requests/texts";
import { getRouteApi, useNavigate } from "@tanstack/react-router";
import { InboxIcon } from "lucide-react";
import { useTranslation } from "react-i18next";
import { EmptyState } from "@/components/empty-state";
import { Page } from "@/components/page";
import { PageHeader } from "@/components/page-header";
import { QueryState } from "@/components/query-state";
import { Pagination } from "@/components/ui/pagination";
import { SearchInput } from "@/components/ui/search-input";
import { Skeleton } from "@/components/ui/skeleton";
import { AdminTeams, AdminUsers, TrashList } from "@/features/admin/admin-lists";
import { ADMIN_TABS, type AdminSearch } from "@/features/admin/admin-search";
import { FingerprintCard } from "@/features/admin/fingerprint-card";
import { useAuth } from "@/features/auth/auth-store";
import { AuditTable } from "@/features/history/audit-table";
import { useRequests } from "@/features/requests/api/get-requests";
import { RequestList } from "@/features/requests/request-list";
import { cn } from "@/lib/utils";
import { NotFoundPage } from "./not-found";

const route = getRouteApi("/app/admin");

/** /admin (platform admins; the API answers 404 to anyone else, and so does this page). */
export function AdminPage() {
  const { t } = useTranslation();
  const isAdmin = useAuth().user?.role === "admin";
  const search = route.useSearch();
  const navigate = useNavigate();
  if (!isAdmin) return <NotFoundPage />;
  const tab = search.tab ?? "queue";
  const page = search.page ?? 1;
  const go = (next: AdminSearch) => void navigate({ to: "/admin", search: next });
  const onPage = (next: number) => go({ ...search, page: next > 1 ? next : undefined });
  const placeholder = {
    queue: "",
    users: t("review.admin.searchUsers"),
    teams: t("review.admin.searchTeams"),
    trash: t("review.admin.searchTrash"),
    audit: t("review.admin.searchAudit"),
  }[tab];

  return (
    <Page>
      <PageHeader title={t("review.admin.title")} description={t("review.admin.description")} />
      <div role="tablist" aria-label={t("review.admin.title")} className="flex flex-wrap gap-1 border-b">
        {ADMIN_TABS.map((key) => (
          <button
            key={key}
            type="button"
            role="tab"
            aria-selected={tab === key}
            onClick={() => go({ tab: key === "queue" ? undefined : key })}
            className={cn(
              "-mb-px border-b-2 px-3 py-2 font-medium text-sm",
              tab === key ? "border-primary text-foreground" : "border-transparent text-muted-foreground",
            )}
          >
            {t(`review.admin.tabs.${key}`)}
          </button>
        ))}
      </div>
      <div role="tabpanel" className="grid gap-4">
        {tab !== "queue" && (
          <SearchInput
            value={search.search ?? ""}
            onSearch={(value) => go({ tab: search.tab, search: value || undefined })}
            label={t("review.admin.search")}
            placeholder={placeholder}
          />
        )}
        {tab === "queue" && <Queue page={page} onPage={onPage} />}
        {tab === "queue" && <FingerprintCard />}
        {tab === "users" && <AdminUsers page={page} search={search.search} onPage={onPage} />}
        {tab === "teams" && <AdminTeams page={page} search={search.search} onPage={onPage} />}
        {tab === "trash" && <TrashList page={page} search={search.search} onPage={onPage} />}
        {tab === "audit" && <AuditTable page={page} search={search.search} onPage={onPage} />}
      </div>
    </Page>
  );
}

/** Every pending request of the platform. */
function Queue({ page, onPage }: { page: number; onPage: (page: number) => void }) {
  const { t } = useTranslation();
  const requests = useRequests({ scope: "all", status: "pending", page, limit: 20 });
  return (
    <QueryState
      query={requests}
      loading={<Skeleton className="h-40" aria-busy="true" data-state="loading" />}
    >
      {(data) =>
        data.requests.length === 0 ? (
          <EmptyState
            icon={InboxIcon}
            title={t("review.requests.emptyTitle")}
            description={t("review.requests.emptyReview")}
          />
        ) : (
          <div className="grid gap-4">
            <RequestList requests={data.requests} busy={requests.isPlaceholderData} />
            <Pagination
              page={page}
              totalPages={data.totalPages}
              onPageChange={onPage}
              label={t("review.requests.pagination")}
            />
          </div>
        )
      }
    </QueryState>
  );
}
