import { InfoIcon } from "lucide-react";
import { SectionPage } from "@/components/section-page";

export function ComicInfoPage() {
  return <SectionPage pageKey="comicInfo" icon={InfoIcon} />;
}
