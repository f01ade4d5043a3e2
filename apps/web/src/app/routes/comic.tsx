import { BookOpenIcon } from "lucide-react";
import { SectionPage } from "@/components/section-page";

export function ComicPage() {
  return <SectionPage pageKey="comic" icon={BookOpenIcon} />;
}
