/**
 * The identity provider's state as the dashboard sees it: who (if anyone) is signed in with the
 * provider. A listener on the identity provider's state runs the authentication call whenever a
 * user is present (docs/dashboard.md, "Session"). Sign-in and sign-up publish the user they got
 * back; boot publishes the user of an existing provider session (e.g. right after a third-party
 * sign-in callback).
 */
import type { ProviderUser } from "./api/identity-provider";

type Listener = (user: ProviderUser | null) => Promise<void> | void;

let current: ProviderUser | null = null;
const listeners = new Set<Listener>();

export const providerState = {
  get: (): ProviderUser | null => current,
  /** Publishes the provider's user and settles when every listener has (so callers see failures). */
  async set(user: ProviderUser | null): Promise<void> {
    current = user;
    await Promise.all([...listeners].map((listener) => listener(user)));
  },
  subscribe(listener: Listener): () => void {
    listeners.add(listener);
    return () => {
      listeners.delete(listener);
    };
  },
};
