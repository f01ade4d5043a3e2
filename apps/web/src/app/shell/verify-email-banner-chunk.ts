import { lazyRouteComponent } from "@tanstack/react-router";

/**
 * The "verify your e-mail" banner, downloaded only for users whose address is unverified. For
 * them it is part of the first paint (often its largest element): main.tsx preloads it as soon as
 * the session check names such a user, and once loaded it renders without suspending.
 */
export const VerifyEmailBanner = lazyRouteComponent(
  () => import("@/features/auth/components/verify-email-banner"),
  "VerifyEmailBanner",
);
