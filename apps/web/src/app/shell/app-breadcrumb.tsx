import { Link, useRouterState } from "@tanstack/react-router";
import { Fragment } from "react";
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

export function AppBreadcrumb() {
  const { t } = useTranslation();
  const pathname = useRouterState({ select: (state) => state.location.pathname });
  const crumbs = buildBreadcrumbs(pathname);

  const label = (crumb: Crumb) => {
    if (crumb.kind === "page") return t(`breadcrumb.${crumb.key}`);
    if (crumb.kind === "id") return t("breadcrumb.entityId", { id: crumb.id });
    return crumb.text;
  };

  return (
    <Breadcrumb aria-label={t("shell.breadcrumb")} className="min-w-0">
      <BreadcrumbList className="flex-nowrap overflow-hidden">
        {crumbs.map((crumb, index) => {
          const last = index === crumbs.length - 1;
          return (
            <Fragment key={crumb.href}>
              {index > 0 && <BreadcrumbSeparator className={last ? undefined : "max-sm:hidden"} />}
              <BreadcrumbItem className={last ? "min-w-0" : "max-sm:hidden"}>
                {last ? (
                  <BreadcrumbPage className="truncate">{label(crumb)}</BreadcrumbPage>
                ) : (
                  <BreadcrumbLink asChild>
                    <Link to={crumb.href}>{label(crumb)}</Link>
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
