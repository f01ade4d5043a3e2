import { UserRoundIcon } from "lucide-react";
import { SectionPage } from "@/components/section-page";

export function TeamMembersPage() {
  return <SectionPage pageKey="teamMembers" icon={UserRoundIcon} />;
}
