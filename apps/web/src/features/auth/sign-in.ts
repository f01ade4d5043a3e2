/**
 * What the /login forms do once their input is valid. Each provider step publishes the provider's
 * user, and the provider-state listener (session.ts) opens the uploader session; the promise
 * settles after that, so a failure anywhere reaches the form.
 */
import { signInWithPassword, signUpWithPassword, startThirdPartySignIn } from "./api/identity-provider";
import { providerState } from "./provider-state";
import { listenToProviderState } from "./session";

export async function signIn(values: { email: string; password: string }): Promise<void> {
  listenToProviderState();
  const { user } = await signInWithPassword(values);
  await providerState.set(user);
}

export async function signUp(values: { name: string; email: string; password: string }): Promise<void> {
  listenToProviderState();
  const { user } = await signUpWithPassword(values);
  await providerState.set(user);
}

/**
 * Leaves for the third-party provider. It comes back to /login with the same `next`; the boot
 * check then finds the provider session and the listener exchanges it.
 */
export async function signInWithThirdParty(providerId: string, next: string | undefined): Promise<void> {
  // A failure comes back to the same URL with `error=<code>` added, which the login page shows.
  const back = next ? `/login?${new URLSearchParams({ next })}` : "/login";
  const url = await startThirdPartySignIn(providerId, back, back);
  window.location.assign(url);
}
