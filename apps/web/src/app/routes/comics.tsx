import { Link } from "@tanstack/react-router";
import { BookKeyIcon, BookPlusIcon, BookTextIcon } from "lucide-react";
import { useTranslation } from "react-i18next";
import { SectionPage } from "@/components/section-page";
import { Button } from "@/components/ui/button";

export function ComicsPage() {
  const { t } = useTranslation();
  const links = (
    <>
      <Button asChild>
        <Link to="/comics/upload">
          <BookPlusIcon aria-hidden />
          {t("pages.comicUpload.title")}
        </Link>
      </Button>
      <Button asChild variant="outline">
        <Link to="/comics/request">
          <BookKeyIcon aria-hidden />
          {t("pages.comicRequest.title")}
        </Link>
      </Button>
    </>
  );
  return <SectionPage pageKey="comics" icon={BookTextIcon} emptyActions={links} />;
}
