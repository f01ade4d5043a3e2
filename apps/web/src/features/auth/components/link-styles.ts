/** Text links of the sign-in card (router Links styled as links, with a visible focus ring). */
export const authLinkClass =
  "rounded-sm font-medium text-primary underline-offset-4 outline-none hover:underline focus-visible:ring-[3px] focus-visible:ring-ring/50";
