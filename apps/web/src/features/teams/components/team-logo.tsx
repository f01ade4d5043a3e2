import type { TStoredImage } from "@vt/shared/contracts/images";
import { Avatar, AvatarFallback, AvatarImage } from "@/components/ui/avatar";
import { initials } from "@/lib/initials";
import { cn } from "@/lib/utils";

/** The team's logo, or its initials on a leaf-green square. */
export function TeamLogo({
  name,
  logo,
  className,
}: {
  name: string;
  logo: TStoredImage | null;
  className?: string;
}) {
  return (
    <Avatar className={cn("size-12 rounded-lg", className)}>
      {logo && <AvatarImage src={logo.url} alt="" className="object-cover" />}
      <AvatarFallback className="rounded-lg bg-primary/15 font-semibold text-primary">
        {initials(name)}
      </AvatarFallback>
    </Avatar>
  );
}
