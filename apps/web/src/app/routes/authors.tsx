import { NotebookPenIcon } from "lucide-react";
import { SectionPage } from "@/components/section-page";

export function AuthorsPage() {
  return <SectionPage pageKey="authors" icon={NotebookPenIcon} />;
}
