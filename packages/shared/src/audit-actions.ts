/**
 * Every audit entry the API writes, by entity: the one list the server's `writeAudit` is typed
 * against and the web's activity sentences are tested against (each pair needs a sentence in vi
 * and en, apps/web/src/features/teams/activity-text.test.ts).
 */
/** What happens to every editable, soft-deleted entity (team, comic, chapter). */
const LIFECYCLE = ["create", "update", "delete", "restore"] as const;

export const AUDIT_ACTIONS = {
  team: [...LIFECYCLE, "upload_cover", "upload_logo", "remove_cover", "remove_logo", "transfer"],
  member: ["change_role", "remove", "leave", "accept"],
  invitation: ["invite", "revoke", "decline"],
  donate: ["update", "upload_qr"],
  credit: ["update", "upload_pages"],
  upload_settings: ["update"],
  webhook: ["create", "update", "delete", "rotate_secret"],
  comic: [
    ...LIFECYCLE,
    "upload_thumbnail",
    "add_art",
    "delete_art",
    "add_collaborator",
    "remove_collaborator",
    "grant_upload",
    "merge_into",
    "merge_from",
    "chapters_quick_update_volume",
  ],
  chapter: [...LIFECYCLE, "reorder_pages", "publish", "unpublish", "upload_pages", "replace_page"],
  request: ["create", "approve", "reject", "cancel"],
  person: ["create", "update", "delete"],
  user: ["admin_update"],
} as const;

export type AuditEntity = keyof typeof AUDIT_ACTIONS;
export type AuditAction = (typeof AUDIT_ACTIONS)[AuditEntity][number];
