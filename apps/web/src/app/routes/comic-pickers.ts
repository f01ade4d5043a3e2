import { PersonMultiSelect } from "@/features/people/components/person-multi-select";
import { PersonSelect } from "@/features/people/components/person-select";
import type { PeoplePickers } from "@/lib/person-pickers";

/** The people feature's pickers, handed to the comic form (features do not import each other). */
export const comicPeoplePickers: PeoplePickers = { People: PersonMultiSelect, Character: PersonSelect };
