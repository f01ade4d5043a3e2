import { BrushIcon } from "lucide-react";
import { SectionPage } from "@/components/section-page";

export function ArtistsPage() {
  return <SectionPage pageKey="artists" icon={BrushIcon} />;
}
