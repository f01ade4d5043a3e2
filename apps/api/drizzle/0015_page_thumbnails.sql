ALTER TABLE "chapter_pages" ADD COLUMN "thumb" text;--> statement-breakpoint
ALTER TABLE "comics" ADD COLUMN "thumbnail_small" text;