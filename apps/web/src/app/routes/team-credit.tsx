import { AwardIcon } from "lucide-react";
import { SectionPage } from "@/components/section-page";

export function TeamCreditPage() {
  return <SectionPage pageKey="teamCredit" icon={AwardIcon} />;
}
