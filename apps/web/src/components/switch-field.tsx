import { type Control, Controller, type FieldPathByValue, type FieldValues } from "react-hook-form";
import { SwitchRow } from "@/components/switch-row";

/** A SwitchRow bound to a form's on/off field (react-hook-form); an unset field shows as off. */
export function SwitchField<T extends FieldValues>({
  control,
  name,
  ...row
}: {
  control: Control<T>;
  name: FieldPathByValue<T, boolean | null | undefined>;
  label: string;
  hint?: string;
  disabled?: boolean;
}) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field }) => (
        <SwitchRow {...row} checked={field.value ?? false} onCheckedChange={field.onChange} />
      )}
    />
  );
}
