import { useMutation } from "@tanstack/react-query";
import type { TResendVerificationResponse } from "@vt/shared/contracts/users";
import { useTranslation } from "react-i18next";
import { api } from "@/lib/api-client";
import { toast } from "@/lib/toast";

/**
 * `POST /api/users/verification-email`: sends the verification mail again. The server allows one a
 * minute and five an hour; its translated 429 reaches the user through the central error toast.
 */
export function resendVerificationMail(): Promise<TResendVerificationResponse> {
  return api.post("/api/users/verification-email");
}

export function useResendVerificationMail() {
  const { t } = useTranslation();
  return useMutation({
    mutationFn: resendVerificationMail,
    onSuccess: ({ email }) => {
      toast.success(t("auth.verifyEmail.resent", { email }));
    },
  });
}
