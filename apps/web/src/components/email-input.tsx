import type * as React from "react";
import { Input } from "@/components/ui/input";

/** An e-mail address field: the e-mail keyboard on phones, the browser's saved address unless told otherwise. */
export function EmailInput(props: Omit<React.ComponentProps<"input">, "type" | "inputMode">) {
  return <Input type="email" inputMode="email" autoComplete="email" {...props} />;
}
