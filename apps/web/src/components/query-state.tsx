import { RotateCcwIcon, TriangleAlertIcon } from "lucide-react";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "@/components/ui/button";
import { Skeleton } from "@/components/ui/skeleton";
import { describeError } from "@/lib/error-toast";
import { cn } from "@/lib/utils";

/**
 * "Could not load": the third state of every list and detail page, next to loading (skeletons) and
 * empty. It must never look like the empty state, or a user concludes their data is gone.
 */
export function ErrorState({
  error,
  onRetry,
  retrying = false,
  className,
}: {
  error: unknown;
  onRetry: () => void;
  retrying?: boolean;
  className?: string;
}) {
  const { t } = useTranslation();
  return (
    <section
      role="alert"
      data-state="error"
      className={cn(
        "flex flex-col items-center justify-center gap-3 rounded-xl border border-destructive/40 bg-destructive/5 px-6 py-12 text-center",
        className,
      )}
    >
      <div className="flex size-12 items-center justify-center rounded-full bg-destructive/10 text-destructive">
        <TriangleAlertIcon aria-hidden className="size-6" />
      </div>
      <h2 className="font-semibold text-base">{t("errors.loadFailed.title")}</h2>
      <p className="max-w-md text-muted-foreground text-sm">{t("errors.loadFailed.description")}</p>
      <p className="max-w-md break-words text-sm">{describeError(error)}</p>
      <Button variant="outline" onClick={onRetry} disabled={retrying}>
        <RotateCcwIcon aria-hidden className={cn(retrying && "animate-spin")} />
        {t("common.retry")}
      </Button>
    </section>
  );
}

/** Placeholder rows while a list loads. */
export function ListSkeleton({ rows = 5, rowClassName = "h-12" }: { rows?: number; rowClassName?: string }) {
  return (
    <div className="grid gap-2" aria-busy="true" data-state="loading">
      {Array.from({ length: rows }, (_, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
        <Skeleton key={index} className={cn("w-full", rowClassName)} />
      ))}
    </div>
  );
}

/** The fields of a TanStack query result this component reads. */
type QueryLike<T> = {
  data: T | undefined;
  error: unknown;
  isError: boolean;
  isFetching: boolean;
  refetch: () => unknown;
};

/**
 * Loading, error and data as three distinct outcomes of one query: `loading` until data or an
 * error arrives, the error state with Retry when the query failed without data to show, else
 * `children(data)` (which decides between empty and filled). A failed background refresh keeps
 * the data on screen (the toast reports it).
 */
export function QueryState<T>({
  query,
  loading,
  children,
  errorClassName,
}: {
  query: QueryLike<T>;
  loading: ReactNode;
  children: (data: T) => ReactNode;
  errorClassName?: string;
}) {
  if (query.data !== undefined) return <>{children(query.data)}</>;
  if (query.isError) {
    return (
      <ErrorState
        error={query.error}
        onRetry={() => void query.refetch()}
        retrying={query.isFetching}
        className={errorClassName}
      />
    );
  }
  return <>{loading}</>;
}
