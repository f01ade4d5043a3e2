import { breadcrumb, conflict, nav } from "./vi/common";
import { pages } from "./vi/pages";

/** Vietnamese texts only the signed-in dashboard shows; added by the signed-in layout. */
export const signedInVi = { nav, breadcrumb, pages, conflict };
