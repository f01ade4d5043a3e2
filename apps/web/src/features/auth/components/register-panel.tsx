import { useTranslation } from "react-i18next";
import { CardContent, CardFooter } from "@/components/ui/card";
import { LoginLink } from "../login-location";
import { signUp } from "../sign-in";
import { authLinkClass } from "./link-styles";
import { PanelHeader } from "./panel-header";
import { RegisterForm } from "./register-form";

/** The register view of /login (its own chunk: loaded when chosen). */
export function RegisterPanel({ next }: { next?: string }) {
  const { t } = useTranslation();
  return (
    <>
      <PanelHeader title={t("auth.register.title")} description={t("auth.register.description")} />
      <CardContent>
        <RegisterForm onSubmit={signUp} />
      </CardContent>
      <CardFooter className="justify-center gap-1 text-muted-foreground text-sm">
        {t("auth.register.haveAccount")}
        <LoginLink search={{ next }} className={authLinkClass}>
          {t("auth.register.signIn")}
        </LoginLink>
      </CardFooter>
    </>
  );
}
