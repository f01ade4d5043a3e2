import { ImagesIcon } from "lucide-react";
import { SectionPage } from "@/components/section-page";

export function ComicVolumesPage() {
  return <SectionPage pageKey="comicVolumes" icon={ImagesIcon} />;
}
