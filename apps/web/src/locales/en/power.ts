import type { Translation } from "../translation-shape";
import type { powerVi } from "../vi/power";

export const powerEn = {
  power: {
    publishDelay: {
      title: "Publishing schedule",
      label: "Publish after upload (hours)",
      hint: "New chapters are scheduled this many hours after they are created; 0 publishes at once. Uploaders can still change the date on each chapter.",
      invalid: "Enter a whole number of hours from 0 to {{max}}",
      save: "Save schedule",
      editorHint: "The team publishes {{hours}} hours after upload; clear the date to publish at once.",
      splitTall: "Split tall strips",
      splitTallHint:
        "Default of the split-tall-strips option when pages are dropped into a chapter; uploaders can still change it for each upload.",
    },
    tokens: {
      title: "API tokens",
      description:
        "Tokens for the command-line uploader (npm run upload) and other tools. Each token works for one team, with read or upload access.",
      create: "New token",
      createTitle: "Create an API token",
      createDescription: "The token is shown only once, right after it is created. Keep it somewhere safe.",
      createSubmit: "Create token",
      name: "Token name",
      nameHint: "To recognise it later, e.g. “Home computer”.",
      team: "Team",
      teamPlaceholder: "Choose a team",
      scope: "Access",
      scopes: { read: "Read only", upload: "Read and upload" },
      scopeHint: {
        read: "View the team's comics, chapter lists and chapters.",
        upload: "Also create chapters, upload pages, save and publish chapters.",
      },
      created: "Created",
      lastUsed: "Last used",
      neverUsed: "Never",
      actions: "Actions",
      secretTitle: "Token “{{name}}” created",
      secretDescription: "Copy it now: once this dialog is closed it cannot be shown again.",
      secretLabel: "Token",
      secretUsage:
        "Send it with each request: Authorization: Bearer <token>. For the command line: VT_TOKEN=<token>.",
      secretDone: "I have saved it",
      copy: "Copy",
      copied: "Copied",
      revoke: "Revoke",
      revokeTitle: "Revoke token “{{name}}”?",
      revokeDescription: "Every tool using this token is refused from now on. This cannot be undone.",
      revoked: "Token revoked.",
      revokedAt: "Revoked {{date}}",
      emptyTitle: "No tokens yet",
      emptyDescription: "Create a token to upload chapters with the command-line uploader.",
      noTeam: "You need to be a member of a team to create a token.",
    },
  },
} satisfies Translation<typeof powerVi>;
