import type { LucideIcon } from "lucide-react";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { EmptyState } from "@/components/empty-state";
import { Page } from "@/components/page";
import { PageHeader } from "@/components/page-header";
import type { ViTranslation } from "@/locales/resources-vi";

export type SectionPageKey = Exclude<keyof ViTranslation["pages"], "home">;

/**
 * A dashboard section with its translated title and description, showing its empty state until the
 * section has content (`pages.<key>.{title,description,emptyTitle,emptyDescription}`).
 */
export function SectionPage({
  pageKey,
  icon,
  actions,
  emptyActions,
}: {
  pageKey: SectionPageKey;
  icon: LucideIcon;
  actions?: ReactNode;
  emptyActions?: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <Page>
      <PageHeader
        title={t(`pages.${pageKey}.title`)}
        description={t(`pages.${pageKey}.description`)}
        actions={actions}
      />
      <EmptyState
        icon={icon}
        title={t(`pages.${pageKey}.emptyTitle`)}
        description={t(`pages.${pageKey}.emptyDescription`)}
      >
        {emptyActions}
      </EmptyState>
    </Page>
  );
}
