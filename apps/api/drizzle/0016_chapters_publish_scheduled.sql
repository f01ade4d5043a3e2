ALTER TABLE "chapters" ADD COLUMN "publish_scheduled" boolean DEFAULT false NOT NULL;--> statement-breakpoint
-- Chapters published before this column: a publish time a second or more after the last save was a schedule.
UPDATE "chapters" SET "publish_scheduled" = true WHERE "status" = 'published' AND "published_at" > "updated_at" + interval '1 second';
