import { ContactIcon } from "lucide-react";
import { SectionPage } from "@/components/section-page";

export function CharactersPage() {
  return <SectionPage pageKey="characters" icon={ContactIcon} />;
}
