import type { PeoplePickers } from "@/features/comics/components/people-pickers";
import { PersonMultiSelect } from "@/features/people/components/person-multi-select";
import { PersonSelect } from "@/features/people/components/person-select";

/** The people feature's pickers, handed to the comic form (features do not import each other). */
export const comicPeoplePickers: PeoplePickers = { People: PersonMultiSelect, Character: PersonSelect };
