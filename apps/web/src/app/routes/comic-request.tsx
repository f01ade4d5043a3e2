import { BookKeyIcon } from "lucide-react";
import { SectionPage } from "@/components/section-page";

export function ComicRequestPage() {
  return <SectionPage pageKey="comicRequest" icon={BookKeyIcon} />;
}
