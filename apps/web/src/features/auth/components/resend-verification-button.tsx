import { MailIcon } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Button } from "@/components/ui/button";
import { useResendVerificationMail } from "../api/resend-verification-mail";

/** "Send again" for the verification mail (the banner and the invitations that wait use it). */
export function ResendVerificationButton({ className }: { className?: string }) {
  const { t } = useTranslation();
  const resend = useResendVerificationMail();
  return (
    <Button
      size="sm"
      variant="outline"
      className={className}
      disabled={resend.isPending}
      onClick={() => resend.mutate()}
    >
      <MailIcon aria-hidden />
      {resend.isPending ? t("auth.verifyEmail.resending") : t("auth.verifyEmail.resend")}
    </Button>
  );
}
