DROP INDEX "chapter_pages_unfingerprinted_idx";--> statement-breakpoint
ALTER TABLE "chapter_pages" ADD COLUMN "fingerprint_version" smallint;--> statement-breakpoint
-- Fingerprints made before this column are of version 1 (grey at full size, then resized;
-- docs/page-checks.md): still compared, and made again by the pages.fingerprint job.
UPDATE "chapter_pages" SET "fingerprint_version" = 1 WHERE "dhash" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "chapter_pages_fingerprint_due_idx" ON "chapter_pages" USING btree ("id") WHERE ("chapter_pages"."fingerprint_version" is null or "chapter_pages"."fingerprint_version" < 2);
