/**
 * Update user (docs/dashboard.md, "Session"): the handling flag is set; on success the user record
 * is merged with the submitted fields; a falsy result shows the 'update failed' toast; a thrown
 * error shows a toast with its message; a profile update ends with a success toast; the flag is
 * always reset.
 */

import { describeError } from "@/lib/error-toast";
import { i18n } from "@/lib/i18n";
import { toast } from "@/lib/toast";
import { type UpdateUserRequest, updateUser } from "./api/update-user";
import { type AuthUser, authStore } from "./auth-store";

export type UpdateUserFetcher = (id: AuthUser["id"], fields: UpdateUserRequest) => Promise<unknown>;

export type UpdateUserOptions = {
  /** The call that stores the fields (PUT /api/users/{id} by default; tests pass their own). */
  fetcher?: UpdateUserFetcher;
  /** A profile update (the profile dialog) ends with the success toast. */
  profile?: boolean;
};

/** Returns whether the update was stored. */
export async function submitUserUpdate(
  fields: UpdateUserRequest,
  { fetcher = updateUser, profile = false }: UpdateUserOptions = {},
): Promise<boolean> {
  const user = authStore.getState().user;
  if (!user) {
    toast.error(i18n.t("errors.userNotFound"));
    return false;
  }
  authStore.setHandling(true);
  try {
    const result = await fetcher(user.id, fields);
    if (!result) {
      toast.error(i18n.t("errors.updateFailed"));
      return false;
    }
    authStore.mergeUser(fields);
    if (profile) toast.success(i18n.t("success.updated"));
    return true;
  } catch (error) {
    toast.error(describeError(error));
    return false;
  } finally {
    authStore.setHandling(false);
  }
}
