import { ArrowLeftIcon, type LucideIcon } from "lucide-react";
import { useTranslation } from "react-i18next";
import { CardDescription, CardFooter, CardHeader, CardTitle } from "@/components/ui/card";
import { LoginLink } from "../login-location";
import { authLinkClass } from "./link-styles";

/** The card's footer link back to the sign-in view, keeping where to go after it. */
export function BackToSignIn({ next }: { next?: string }) {
  const { t } = useTranslation();
  return (
    <CardFooter className="justify-center text-sm">
      <LoginLink search={{ next }} className={`${authLinkClass} inline-flex items-center gap-1`}>
        <ArrowLeftIcon aria-hidden className="size-4" />
        {t("auth.forgotPassword.backToSignIn")}
      </LoginLink>
    </CardFooter>
  );
}

/** The header of a panel's outcome (mail sent, password changed): a big icon, the title announced. */
export function OutcomeHeader(props: {
  icon: LucideIcon;
  title: string;
  description: string;
  balance?: boolean;
}) {
  const { icon: Icon, title, description, balance } = props;
  return (
    <CardHeader className="justify-items-center text-center">
      <span className="mb-2 flex size-14 items-center justify-center rounded-full bg-primary/10 text-primary">
        <Icon aria-hidden className="size-7" />
      </span>
      <CardTitle className="text-2xl" role="status">
        {title}
      </CardTitle>
      <CardDescription className={balance ? "text-balance" : undefined}>{description}</CardDescription>
    </CardHeader>
  );
}
