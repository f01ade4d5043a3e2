import type { Translation } from "../translation-shape";
import type {
  breadcrumb as viBreadcrumb,
  common as viCommon,
  conflict as viConflict,
  modal as viModal,
  nav as viNav,
  shell as viShell,
} from "../vi/common";

export const common = {
  appName: "Vườn Truyện",
  studioName: "Vườn Truyện Studio",
  tagline: "Where uploader teams tend every comic",
  loading: "Loading…",
  cancel: "Cancel",
  confirm: "Confirm",
  close: "Close",
  retry: "Try again",
  backHome: "Back to home",
  goBack: "Go back",
  copy: "Copy",
  copied: "Copied",
  pagination: {
    label: "Pagination",
    previous: "Previous page",
    next: "Next page",
    status: "Page {{page}} of {{total}}",
  },
} satisfies Translation<typeof viCommon>;

export const nav = {
  label: "Main navigation",
  dashboard: "Dashboard",
  teams: "Teams",
  comics: "Comics",
  authors: "Authors",
  artists: "Artists",
  characters: "Characters",
  requests: "Requests",
  admin: "Admin",
  pendingCount: "{{count}} pending",
} satisfies Translation<typeof viNav>;

export const shell = {
  skipToContent: "Skip to main content",
  toggleSidebar: "Toggle sidebar",
  toggleSidebarShortcut: "Ctrl/⌘ + B",
  sidebarTitle: "Navigation",
  sidebarDescription: "The main sections of Vườn Truyện Studio",
  breadcrumb: "You are here",
  userMenu: "Open account menu",
  language: "Language",
  theme: "Theme",
  themeLight: "Light",
  themeDark: "Dark",
  themeSystem: "System",
  logout: "Log out",
  loggingOut: "Logging out…",
  unnamedUser: "Member",
  languages: {
    vi: "Tiếng Việt",
    en: "English",
  },
} satisfies Translation<typeof viShell>;

export const breadcrumb = {
  dashboard: "Dashboard",
  comics: "Comics",
  upload: "Upload a comic",
  request: "Request permission",
  info: "Info",
  thumbnail: "Cover",
  volumes: "Volume art",
  chapters: "Chapters",
  teams: "Teams",
  members: "Members",
  donate: "Donate",
  credit: "Credit",
  webhooks: "Webhooks",
  authors: "Authors",
  artists: "Artists",
  characters: "Characters",
  requests: "Requests",
  admin: "Admin",
  newChapter: "New chapter",
  tokens: "API tokens",
  history: "History",
  notFound: "Not found",
  loading: "Loading…",
} satisfies Translation<typeof viBreadcrumb>;

export const modal = {
  cancel: "Cancel",
  confirm: "Confirm",
} satisfies Translation<typeof viModal>;

export const conflict = {
  saveTitle: "Someone saved before you",
  saveDescription:
    "While you were editing, {{subject}} was saved elsewhere (another member, another tab or a quick volume update). Your changes are not saved yet.",
  changedTitle: "This was just updated",
  changedDescription:
    "While you were editing, {{subject}} was changed elsewhere. The form still holds what you typed.",
  whatChanged: "What changed:",
  before: "Before:",
  now: "Now:",
  nothingVisible: "The changes are in fields not shown here.",
  saveHint: "Reload to take the latest copy (your changes are dropped), or overwrite it with yours.",
  changedHint:
    "Reload to take the latest copy (your changes are dropped), or keep editing on top of it with what you typed.",
  reload: "Reload the latest copy",
  overwrite: "Overwrite with mine",
  keepMine: "Keep my changes",
  on: "On",
  off: "Off",
  present: "Yes",
  absent: "None",
  pages_one: "{{count}} page",
  pages_other: "{{count}} pages",
  pageOrderChanged_one: "{{count}} page, different order",
  pageOrderChanged_other: "{{count}} pages, different order",
} satisfies Translation<typeof viConflict>;
