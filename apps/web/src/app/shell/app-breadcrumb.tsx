import { Link, useRouterState } from "@tanstack/react-router";
import { Fragment, lazy, Suspense } from "react";
import { useTranslation } from "react-i18next";
import {
  Breadcrumb,
  BreadcrumbItem,
  BreadcrumbLink,
  BreadcrumbList,
  BreadcrumbPage,
  BreadcrumbSeparator,
} from "@/components/ui/breadcrumb";
import { buildBreadcrumbs, type Crumb } from "./breadcrumbs";
import { CrumbPlaceholder, useDocumentTitle } from "./crumb-text";

// Entity names need the comic, chapter and team queries: loaded with the first page that has one.
const EntityCrumb = lazy(() => import("./entity-crumb").then((m) => ({ default: m.EntityCrumb })));

/** The header's breadcrumb (names, never ids); on a phone only the last two levels fit. */
export function AppBreadcrumb() {
  const { t } = useTranslation();
  const pathname = useRouterState({ select: (state) => state.location.pathname });
  const crumbs = buildBreadcrumbs(pathname);
  const lastCrumb = crumbs[crumbs.length - 1];

  const text = (crumb: Crumb | undefined) =>
    crumb?.kind === "page" ? t(`breadcrumb.${crumb.key}`) : crumb?.kind === "text" ? crumb.text : undefined;
  // An entity crumb names the tab itself once its name is known.
  useDocumentTitle(lastCrumb?.kind === "id" ? null : (text(lastCrumb) ?? ""));

  const label = (crumb: Crumb, last: boolean) =>
    crumb.kind === "id" ? (
      <Suspense fallback={<CrumbPlaceholder />}>
        <EntityCrumb entity={crumb.entity} id={crumb.id} last={last} />
      </Suspense>
    ) : (
      text(crumb)
    );

  return (
    <Breadcrumb aria-label={t("shell.breadcrumb")} className="min-w-0">
      <BreadcrumbList className="flex-nowrap overflow-hidden">
        {crumbs.map((crumb, index) => {
          const last = index === crumbs.length - 1;
          const onPhone = index >= crumbs.length - 2;
          return (
            <Fragment key={crumb.href}>
              {index > 0 && <BreadcrumbSeparator className={last ? undefined : "max-sm:hidden"} />}
              <BreadcrumbItem className={onPhone ? "min-w-0" : "max-sm:hidden"}>
                {last ? (
                  <BreadcrumbPage className="truncate">{label(crumb, true)}</BreadcrumbPage>
                ) : (
                  <BreadcrumbLink asChild className="truncate">
                    <Link to={crumb.href}>{label(crumb, false)}</Link>
                  </BreadcrumbLink>
                )}
              </BreadcrumbItem>
            </Fragment>
          );
        })}
      </BreadcrumbList>
    </Breadcrumb>
  );
}
