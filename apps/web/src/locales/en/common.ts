import type { Translation } from "../translation-shape";
import type {
  breadcrumb as viBreadcrumb,
  common as viCommon,
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
  authors: "Authors",
  artists: "Artists",
  characters: "Characters",
  requests: "Requests",
  admin: "Admin",
  newChapter: "New chapter",
  tokens: "API tokens",
  notFound: "Not found",
  loading: "Loading…",
} satisfies Translation<typeof viBreadcrumb>;

export const modal = {
  cancel: "Cancel",
  confirm: "Confirm",
} satisfies Translation<typeof viModal>;
