import type { ComponentType } from "react";

/**
 * The person pickers the comic form needs come from the people feature; the route passes them in
 * (features do not import each other). These are the props the form gives them, which the people
 * feature's pickers take.
 */
/** A person picked in a picker: an existing one (id), or a new name to create. */
export type PersonPick = { id?: number; name: string };
export type PersonRef = { id: number; name: string };

export type PeoplePickerProps = {
  kind: "author" | "artist";
  label: string;
  value: PersonPick[];
  onChange: (value: PersonPick[]) => void;
  error?: string;
  disabled?: boolean;
  max?: number;
};

export type CharacterPickerProps = {
  kind: "character";
  label: string;
  value: PersonRef | null;
  onChange: (value: PersonRef) => void;
  excludeIds?: readonly number[];
  invalid?: boolean;
};

export type PeoplePickers = {
  People: ComponentType<PeoplePickerProps>;
  Character: ComponentType<CharacterPickerProps>;
};
