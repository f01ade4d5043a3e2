import { ImageIcon } from "lucide-react";
import { SectionPage } from "@/components/section-page";

export function ComicThumbnailPage() {
  return <SectionPage pageKey="comicThumbnail" icon={ImageIcon} />;
}
