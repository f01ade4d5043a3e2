// Moved to components/: the tokens page uses it too.
export { SelectField } from "@/components/select-field";
