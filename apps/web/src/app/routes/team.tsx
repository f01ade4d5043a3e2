import { UsersIcon } from "lucide-react";
import { SectionPage } from "@/components/section-page";

export function TeamPage() {
  return <SectionPage pageKey="team" icon={UsersIcon} />;
}
