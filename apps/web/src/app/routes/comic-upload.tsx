import { BookPlusIcon } from "lucide-react";
import { SectionPage } from "@/components/section-page";

export function ComicUploadPage() {
  return <SectionPage pageKey="comicUpload" icon={BookPlusIcon} />;
}
