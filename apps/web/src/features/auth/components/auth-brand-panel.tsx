import { BookOpenIcon, LeafIcon, SproutIcon, UsersIcon } from "lucide-react";
import { useTranslation } from "react-i18next";
import { StudioMark } from "@/components/brand/app-logo";

/** The garden-themed side of the sign-in screen (large screens). */
export function AuthBrandPanel() {
  const { t } = useTranslation();
  const points = [
    { key: "comics", icon: BookOpenIcon },
    { key: "people", icon: SproutIcon },
    { key: "team", icon: UsersIcon },
  ] as const;
  return (
    <aside className="relative hidden overflow-hidden bg-gradient-to-br from-emerald-800 via-green-800 to-lime-900 p-10 text-emerald-50 lg:flex lg:flex-col lg:justify-between dark:from-emerald-950 dark:via-green-950 dark:to-lime-950">
      <LeafIcon aria-hidden className="absolute -top-10 -right-10 size-72 rotate-45 text-white/5" />
      <SproutIcon aria-hidden className="absolute -bottom-16 -left-10 size-96 text-white/5" />
      <StudioMark
        className="relative"
        logoClassName="[&_.fill-primary]:fill-white/15 [&_.fill-primary-foreground]:fill-white [&_.stroke-primary-foreground]:stroke-white"
      />
      <div className="relative grid max-w-md gap-6">
        <h2 className="font-semibold text-4xl leading-tight tracking-tight">{t("auth.brandHeadline")}</h2>
        <p className="text-emerald-100/85 text-lg">{t("auth.brandBody")}</p>
        <ul className="grid gap-3">
          {points.map((point) => (
            <li key={point.key} className="flex items-center gap-3">
              <span className="flex size-9 items-center justify-center rounded-lg bg-white/10">
                <point.icon aria-hidden className="size-4" />
              </span>
              <span>{t(`auth.brandPoints.${point.key}`)}</span>
            </li>
          ))}
        </ul>
      </div>
      <p className="relative text-emerald-100/70 text-sm">{t("common.tagline")}</p>
    </aside>
  );
}
