import { MAX_PAGES_PER_UPLOAD, PAGE_MAX_MB } from "@vt/shared/constants";
import { FolderUpIcon, ImagePlusIcon } from "lucide-react";
import { useTranslation } from "react-i18next";
import { FileDropzone } from "./file-dropzone";

/**
 * Where pages come in: drop files or whole folders (DataTransfer items, walked recursively), or
 * pick files or a folder (webkitdirectory). Hands every file found to `onFiles`.
 */
export function PageDropzone({
  onFiles,
  disabled,
  invalid,
  describedBy,
}: {
  onFiles: (files: File[]) => void;
  disabled?: boolean;
  invalid?: boolean;
  describedBy?: string;
}) {
  const { t } = useTranslation();
  return (
    <FileDropzone
      label={t("chapters.pages.title")}
      icon={<ImagePlusIcon aria-hidden className="size-8 text-muted-foreground" />}
      title={t("chapters.pages.drop")}
      activeTitle={t("chapters.pages.dropActive")}
      hint={t("chapters.pages.dropHint", { max: PAGE_MAX_MB, count: MAX_PAGES_PER_UPLOAD })}
      buttons={[
        {
          label: t("chapters.pages.chooseFiles"),
          icon: <ImagePlusIcon aria-hidden />,
          accept: "image/*",
          multiple: true,
          testId: "page-files-input",
        },
        { label: t("chapters.pages.chooseFolder"), icon: <FolderUpIcon aria-hidden />, folder: true },
      ]}
      onFiles={onFiles}
      disabled={disabled}
      invalid={invalid}
      describedBy={describedBy}
      className="py-8 transition-colors"
    />
  );
}
