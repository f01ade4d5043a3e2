import { ListOrderedIcon } from "lucide-react";
import { SectionPage } from "@/components/section-page";

export function ComicChaptersPage() {
  return <SectionPage pageKey="comicChapters" icon={ListOrderedIcon} />;
}
