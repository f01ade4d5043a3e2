import { KeyRoundIcon, LoaderCircleIcon } from "lucide-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "@/components/ui/button";
import { useThirdPartyProviders } from "../api/get-third-party-providers";
import { signInWithThirdParty } from "../sign-in";

/**
 * One button per configured third-party OpenID Connect provider, below an "or" divider; nothing
 * at all when none is configured. A click leaves for the provider, which returns to /login?next=…
 */
export function ThirdPartySignIn({ next, onError }: { next?: string; onError: (error: unknown) => void }) {
  const { t } = useTranslation();
  const providers = useThirdPartyProviders();
  const [leavingFor, setLeavingFor] = useState<string>();

  if (providers.length === 0) return null;
  return (
    <div className="grid gap-3">
      <div className="flex items-center gap-3 text-muted-foreground text-xs uppercase tracking-wide">
        <span className="h-px flex-1 bg-border" />
        {t("auth.thirdParty.divider")}
        <span className="h-px flex-1 bg-border" />
      </div>
      {providers.map((provider) => (
        <Button
          key={provider.id}
          type="button"
          variant="outline"
          size="lg"
          className="w-full"
          disabled={leavingFor !== undefined}
          onClick={async () => {
            setLeavingFor(provider.id);
            try {
              await signInWithThirdParty(provider.id, next);
            } catch (error) {
              setLeavingFor(undefined);
              onError(error);
            }
          }}
        >
          {leavingFor === provider.id ? (
            <LoaderCircleIcon aria-hidden className="animate-spin" />
          ) : (
            <KeyRoundIcon aria-hidden />
          )}
          {leavingFor === provider.id
            ? t("auth.thirdParty.redirecting", { provider: provider.label })
            : t("auth.thirdParty.continueWith", { provider: provider.label })}
        </Button>
      ))}
    </div>
  );
}
