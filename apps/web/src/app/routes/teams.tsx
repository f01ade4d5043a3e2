import { UsersIcon } from "lucide-react";
import { SectionPage } from "@/components/section-page";

export function TeamsPage() {
  return <SectionPage pageKey="teams" icon={UsersIcon} />;
}
