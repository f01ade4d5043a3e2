import type { Translation } from "../translation-shape";
import type { pages as viPages } from "../vi/pages";

export const pages = {
  home: {
    title: "Dashboard",
    greeting: "Hello {{name}}, how is the garden today?",
    greetingAnonymous: "Hello, how is the garden today?",
    description: "Shortcuts to what your team does most often.",
    shortcutsLabel: "Shortcuts",
    shortcuts: {
      createComic: {
        title: "Create a comic",
        description: "Plant a new comic: title, cover, authors and genres.",
      },
      teamComics: { title: "Team comics", description: "See and tend the comics your team uploads." },
      authors: { title: "Authors", description: "Search, edit and request deletion of authors." },
      artists: { title: "Artists", description: "Manage the artists credited on comics." },
      characters: { title: "Characters", description: "Manage characters and couples." },
      teamInfo: { title: "Team info", description: "Cover, logo, social links, members and donations." },
    },
  },
  comics: {
    title: "Team comics",
    description: "The comics your team uploads to Vườn Truyện.",
    emptyTitle: "The garden is empty",
    emptyDescription:
      "Your team has no comics yet. Create a new one or request permission on an existing one.",
  },
  comicUpload: {
    title: "Create a comic",
    description: "Fill in the basic info and a cover (3:4 ratio, at least 600×800 px) for the new comic.",
    emptyTitle: "No draft yet",
    emptyDescription: "What you enter for the new comic will show here.",
  },
  comicRequest: {
    title: "Request permission",
    description: "All comics on the platform. Pick one to request upload permission for your team.",
    emptyTitle: "No comics yet",
    emptyDescription: "Once the platform has comics you can pick one to send a request.",
  },
  comic: {
    title: "Comic details",
    description: "Overview of the comic: info, cover, volume art and chapters.",
    emptyTitle: "Nothing here yet",
    emptyDescription: "The details of this comic will show here.",
  },
  comicInfo: {
    title: "Basic info",
    description: "Title, alternative name, description, status, authors, artists and genres.",
    emptyTitle: "No info yet",
    emptyDescription: "The basic info of the comic will show here.",
  },
  comicThumbnail: {
    title: "Cover",
    description: "A portrait cover with a 3:4 ratio, at least 600×800 px.",
    emptyTitle: "No cover yet",
    emptyDescription: "The comic's cover will show here.",
  },
  comicVolumes: {
    title: "Volume art",
    description: "The cover image of each volume.",
    emptyTitle: "No volume art yet",
    emptyDescription: "Volume covers will show here.",
  },
  comicChapters: {
    title: "Chapters",
    description: "Add, edit, schedule and download chapters, and update volumes in bulk.",
    emptyTitle: "No chapters yet",
    emptyDescription: "The comic's chapters will show here.",
  },
  chapter: {
    title: "Edit chapter",
    description: "Chapter title, order, volume, pages and schedule.",
    emptyTitle: "No pages yet",
    emptyDescription: "The chapter's pages will show here.",
  },
  teams: {
    title: "Teams",
    description: "The uploader teams you belong to.",
    emptyTitle: "You are not in a team yet",
    emptyDescription: "Teams you are a member of will show here.",
  },
  team: {
    title: "Team details",
    description: "Overview of the team: info, members, donations and credit.",
    emptyTitle: "Nothing here yet",
    emptyDescription: "The team's details will show here.",
  },
  teamInfo: {
    title: "Team info",
    description: "The team's name, cover, logo, founding date and social links.",
    emptyTitle: "No info yet",
    emptyDescription: "The team's info will show here.",
  },
  teamMembers: {
    title: "Members",
    description: "The team's members and the role of each.",
    emptyTitle: "No members yet",
    emptyDescription: "The member list will show here.",
  },
  teamDonate: {
    title: "Donate",
    description: "Turn donations on, set the QR code, the message and whether it shows in each chapter.",
    emptyTitle: "Donations not set up",
    emptyDescription: "The team's donate settings will show here.",
  },
  teamCredit: {
    title: "Credit",
    description: "The credit text shown with the team's chapters.",
    emptyTitle: "No credit yet",
    emptyDescription: "The team's credit will show here.",
  },
  teamWebhooks: {
    title: "Webhooks",
    description: "Tell your team's server or Discord channel when a chapter is published, and more.",
  },
  authors: {
    title: "Authors",
    description: "Search, edit and request deletion of authors.",
    emptyTitle: "No authors yet",
    emptyDescription: "Authors added when you create or edit comics will show here.",
  },
  artists: {
    title: "Artists",
    description: "Search, edit and request deletion of artists.",
    emptyTitle: "No artists yet",
    emptyDescription: "Artists added when you create or edit comics will show here.",
  },
  characters: {
    title: "Characters",
    description: "Search, edit and request deletion of characters.",
    emptyTitle: "No characters yet",
    emptyDescription: "Characters added when you create or edit comics will show here.",
  },
} satisfies Translation<typeof viPages>;
