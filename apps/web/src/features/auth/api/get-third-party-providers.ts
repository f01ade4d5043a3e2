import { useEffect, useState } from "react";
import { listThirdPartyProviders, type ThirdPartyProvider } from "./identity-provider";

let request: Promise<ThirdPartyProvider[]> | undefined;

/**
 * `GET /auth/providers`, once per page load: one sign-in button per configured third-party
 * provider. Kept out of the query cache on purpose: it is read by the signed-out page only, is not
 * user data to persist, and the login page then needs no query machinery. Empty while loading or
 * when the list cannot be fetched (the page simply shows no provider buttons).
 */
export function useThirdPartyProviders(): ThirdPartyProvider[] {
  const [providers, setProviders] = useState<ThirdPartyProvider[]>([]);
  useEffect(() => {
    let live = true;
    request ??= listThirdPartyProviders().catch(() => {
      request = undefined;
      return [];
    });
    void request.then((list) => {
      if (live) setProviders(list);
    });
    return () => {
      live = false;
    };
  }, []);
  return providers;
}
