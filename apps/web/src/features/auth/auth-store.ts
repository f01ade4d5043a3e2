/**
 * Client session state (docs/dashboard.md, "Session"): `user` starts undefined (signed out) and
 * `handling` false. The login flow fills `user`; the route guard reads `user?.id`.
 */
import { useSyncExternalStore } from "react";

export type AuthUser = {
  id: number | string;
  email?: string | null;
  name?: string | null;
  /** Photo URL. */
  avatar?: string | null;
  /** Any further fields the server returns are kept. */
  [field: string]: unknown;
};

export type AuthState = { user: AuthUser | undefined; handling: boolean };

let state: AuthState = { user: undefined, handling: false };
const listeners = new Set<() => void>();

function emit(next: AuthState) {
  state = next;
  for (const listener of listeners) listener();
}

export const authStore = {
  getState: (): AuthState => state,
  subscribe(listener: () => void) {
    listeners.add(listener);
    return () => {
      listeners.delete(listener);
    };
  },
  setUser(user: AuthUser | undefined) {
    emit({ ...state, user });
  },
  /** Merges fields into the current user (e.g. after a profile update); no-op when signed out. */
  mergeUser(fields: Partial<AuthUser>) {
    if (state.user) emit({ ...state, user: { ...state.user, ...fields } });
  },
  setHandling(handling: boolean) {
    emit({ ...state, handling });
  },
};

export function useAuth() {
  const current = useSyncExternalStore(authStore.subscribe, authStore.getState, authStore.getState);
  return {
    user: current.user,
    handling: current.handling,
    setUser: authStore.setUser,
    mergeUser: authStore.mergeUser,
    setHandling: authStore.setHandling,
  };
}
