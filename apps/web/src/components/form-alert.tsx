import { CircleAlertIcon } from "lucide-react";
import { cn } from "@/lib/utils";

/** A form-level message (e.g. the server refused the sign-in), announced to screen readers. */
export function FormAlert({ message, className }: { message: string | undefined; className?: string }) {
  if (!message) return null;
  return (
    <div
      role="alert"
      className={cn(
        "flex items-start gap-2 rounded-lg border border-destructive/30 bg-destructive/10 px-3 py-2.5 text-destructive text-sm",
        className,
      )}
    >
      <CircleAlertIcon aria-hidden className="mt-0.5 size-4 shrink-0" />
      <span>{message}</span>
    </div>
  );
}
