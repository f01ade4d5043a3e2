import { ImageUpIcon } from "lucide-react";
import { useRef } from "react";
import { useTranslation } from "react-i18next";
import { IconButton } from "@/components/icon-button";

/**
 * Replaces page `n`'s image: an icon button that opens a file picker for one image. The page grid's
 * tiles and the page checks' pages use it.
 */
export function ReplacePageButton({
  n,
  disabled,
  onReplace,
}: {
  n: number;
  disabled?: boolean;
  onReplace: (file: File) => void;
}) {
  const { t } = useTranslation();
  const input = useRef<HTMLInputElement>(null);
  return (
    <>
      <input
        ref={input}
        type="file"
        accept="image/*"
        hidden
        onChange={(e) => {
          const file = e.target.files?.[0];
          e.target.value = "";
          if (file) onReplace(file);
        }}
      />
      <IconButton
        icon={ImageUpIcon}
        label={t("chapters.pages.replace", { n })}
        tooltip
        type="button"
        disabled={disabled}
        onClick={() => input.current?.click()}
      />
    </>
  );
}
