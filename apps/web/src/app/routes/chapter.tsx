import { FileImageIcon } from "lucide-react";
import { SectionPage } from "@/components/section-page";

export function ChapterPage() {
  return <SectionPage pageKey="chapter" icon={FileImageIcon} />;
}
