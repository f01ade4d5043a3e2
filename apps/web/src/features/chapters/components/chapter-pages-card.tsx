import { EyeIcon } from "lucide-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { Checkbox } from "@/components/ui/checkbox";
import { Label } from "@/components/ui/label";
import { Progress } from "@/components/ui/progress";
import type { ChapterEditorState } from "../hooks/use-chapter-editor";
import { ChapterPreviewDialog } from "./chapter-preview-dialog";
import { PageDropzone } from "./page-dropzone";
import { PageGrid } from "./page-grid";

/** The chapter's pages: drop zone, upload progress, the page grid and the reader preview. */
export function ChapterPagesCard({ editor }: { editor: ChapterEditorState }) {
  const { t } = useTranslation();
  const { session, pages, pagesError, pagesErrorId, stored, onFiles, label, previewPages, creating } = editor;
  const { split, setSplitChoice, splitId } = editor;
  const [previewOpen, setPreviewOpen] = useState(false);
  return (
    <>
      <Card>
        <CardHeader className="flex flex-row flex-wrap items-center justify-between gap-2">
          <CardTitle>
            {t("chapters.pages.title")}{" "}
            <span className="font-normal text-muted-foreground text-sm">
              {t("chapters.pages.count", { count: pages.length })}
            </span>
          </CardTitle>
          <Button
            type="button"
            variant="outline"
            size="sm"
            onClick={() => setPreviewOpen(true)}
            disabled={previewPages.length === 0}
          >
            <EyeIcon aria-hidden />
            {t("chapters.list.view")}
          </Button>
        </CardHeader>
        <CardContent className="grid gap-4">
          <PageDropzone
            onFiles={(files) => void onFiles(files)}
            disabled={creating}
            invalid={!!pagesError}
            describedBy={pagesError ? pagesErrorId : undefined}
          />
          <div className="flex items-start gap-2">
            <Checkbox
              id={splitId}
              checked={split}
              onCheckedChange={(checked) => setSplitChoice(checked === true)}
              aria-describedby={`${splitId}-hint`}
            />
            <div className="grid gap-1">
              <Label htmlFor={splitId}>{t("chapters.pages.splitTall")}</Label>
              <p id={`${splitId}-hint`} className="text-muted-foreground text-xs">
                {t("chapters.pages.splitTallHint")}
              </p>
            </div>
          </div>
          {pagesError && (
            <p id={pagesErrorId} role="alert" className="text-destructive text-sm">
              {pagesError}
            </p>
          )}
          {pages.length > 0 && (
            <div className="grid gap-1.5" aria-live="polite">
              <span className="text-muted-foreground text-sm">
                {t("chapters.pages.progress", { done: stored, total: pages.length })}
              </span>
              <Progress value={pages.length ? Math.round((stored / pages.length) * 100) : 0} aria-hidden />
            </div>
          )}
          {session && pages.length > 0 && <PageGrid session={session} pages={pages} />}
        </CardContent>
      </Card>
      <ChapterPreviewDialog
        open={previewOpen}
        onOpenChange={setPreviewOpen}
        title={label || t("chapters.editor.newTitle")}
        pages={previewPages}
      />
    </>
  );
}
