import { useTranslation } from "react-i18next";
import { cn } from "@/lib/utils";

/** The Vườn Truyện mark: a sprout growing from an open book. Decorative; label the link around it. */
export function AppLogo({ className }: { className?: string }) {
  return (
    <svg viewBox="0 0 64 64" aria-hidden="true" className={cn("size-8 shrink-0", className)}>
      <rect width="64" height="64" rx="14" className="fill-primary" />
      <path
        d="M32 50V29"
        className="stroke-primary-foreground"
        strokeWidth="4"
        strokeLinecap="round"
        fill="none"
      />
      <path d="M32 33c0-9 6-16 16-16 0 10-6 17-16 16z" className="fill-primary-foreground" />
      <path d="M32 39c0-8-5-14-14-14 0 9 5 15 14 14z" className="fill-primary-foreground" opacity="0.75" />
      <path
        d="M14 46c6-2 12-2 18 4 6-6 12-6 18-4"
        className="stroke-primary-foreground"
        strokeWidth="3.5"
        strokeLinecap="round"
        strokeLinejoin="round"
        fill="none"
      />
    </svg>
  );
}

/** The mark with the studio's name beside it (the sign-in and verify-email pages, the brand panel). */
export function StudioMark({ className, logoClassName }: { className?: string; logoClassName?: string }) {
  const { t } = useTranslation();
  return (
    <div className={cn("flex items-center gap-3", className)}>
      <AppLogo className={cn("size-10", logoClassName)} />
      <span className="font-semibold text-lg">{t("common.studioName")}</span>
    </div>
  );
}
