ALTER TABLE "chapter_pages" ADD COLUMN "dhash" text;--> statement-breakpoint
ALTER TABLE "chapter_pages" ADD COLUMN "dhash_bands" integer[];--> statement-breakpoint
ALTER TABLE "chapter_pages" ADD COLUMN "brightness_mean" real;--> statement-breakpoint
ALTER TABLE "chapter_pages" ADD COLUMN "brightness_std" real;--> statement-breakpoint
CREATE INDEX "chapter_pages_dhash_bands_idx" ON "chapter_pages" USING gin ("dhash_bands");