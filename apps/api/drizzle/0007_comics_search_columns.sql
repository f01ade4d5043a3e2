ALTER TABLE "comics" ADD COLUMN "title_search" text GENERATED ALWAYS AS (vt_search_text(title)) STORED;--> statement-breakpoint
ALTER TABLE "comics" ADD COLUMN "another_name_search" text GENERATED ALWAYS AS (vt_search_text(another_name)) STORED;--> statement-breakpoint
CREATE INDEX "comics_title_search_trgm_idx" ON "comics" USING gin ("title_search" gin_trgm_ops) WITH (fastupdate=off) WHERE "comics"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "comics_another_name_search_trgm_idx" ON "comics" USING gin ("another_name_search" gin_trgm_ops) WITH (fastupdate=off) WHERE "comics"."deleted_at" is null;--> statement-breakpoint
-- Superseded by the indexes on the stored columns above (hand-added: drizzle never knew these two).
DROP INDEX IF EXISTS "comics_title_search_idx";--> statement-breakpoint
DROP INDEX IF EXISTS "comics_another_name_search_idx";
