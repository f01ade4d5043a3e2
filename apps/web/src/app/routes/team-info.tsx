import { InfoIcon } from "lucide-react";
import { SectionPage } from "@/components/section-page";

export function TeamInfoPage() {
  return <SectionPage pageKey="teamInfo" icon={InfoIcon} />;
}
