import { HandHeartIcon } from "lucide-react";
import { SectionPage } from "@/components/section-page";

export function TeamDonatePage() {
  return <SectionPage pageKey="teamDonate" icon={HandHeartIcon} />;
}
