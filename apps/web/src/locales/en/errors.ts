import type { Translation } from "../translation-shape";
import type { errors as viErrors } from "../vi/errors";

export const errors = {
  notFound: {
    code: "404",
    title: "Page not found",
    description:
      "The page you are looking for is not in the garden: the link may be wrong or the page has moved.",
  },
  permissionDenied: {
    title: "You do not have access to this page",
    description: "Log in with an account that has access, or contact an admin to be granted access.",
    login: "Log in",
  },
  loadFailed: {
    title: "Could not load this",
    description: "Your data is still there; only this attempt to load it failed.",
  },
  routeError: {
    title: "This page ran into a problem",
    description: "Something went wrong while showing this page. You can try again or go back home.",
  },
} satisfies Translation<typeof viErrors>;
