import { HouseIcon, type LucideIcon } from "lucide-react";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { LinkButton } from "@/components/link-button";

/**
 * A page that could not be shown: its icon, title and description, then `children` (details), the
 * page's own `actions` and always "Back home".
 */
export function ErrorScreen(props: {
  icon: LucideIcon;
  title: string;
  description: string;
  actions: ReactNode;
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  const Icon = props.icon;
  return (
    <section
      role="alert"
      className="mx-auto flex w-full max-w-lg flex-1 flex-col items-center justify-center gap-4 p-6 text-center"
    >
      <div className="flex size-14 items-center justify-center rounded-full bg-destructive/10 text-destructive">
        <Icon aria-hidden className="size-7" />
      </div>
      <h1 className="font-semibold text-xl">{props.title}</h1>
      <p className="text-muted-foreground">{props.description}</p>
      {props.children}
      <div className="flex flex-wrap justify-center gap-2">
        {props.actions}
        <LinkButton variant="outline" to="/" icon={HouseIcon} label={t("common.backHome")} />
      </div>
    </section>
  );
}
