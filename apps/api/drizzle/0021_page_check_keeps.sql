CREATE TABLE "page_check_keeps" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "page_check_keeps_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"comic_id" integer NOT NULL,
	"chapter_id" integer,
	"page_id" integer,
	"kind" text NOT NULL,
	"dhash" text,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "page_check_keeps" ADD CONSTRAINT "page_check_keeps_comic_id_comics_id_fk" FOREIGN KEY ("comic_id") REFERENCES "public"."comics"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "page_check_keeps" ADD CONSTRAINT "page_check_keeps_chapter_id_chapters_id_fk" FOREIGN KEY ("chapter_id") REFERENCES "public"."chapters"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "page_check_keeps" ADD CONSTRAINT "page_check_keeps_page_id_chapter_pages_id_fk" FOREIGN KEY ("page_id") REFERENCES "public"."chapter_pages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "page_check_keeps" ADD CONSTRAINT "page_check_keeps_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "page_check_keeps_comic_hash_key" ON "page_check_keeps" USING btree ("comic_id","dhash") WHERE "page_check_keeps"."page_id" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "page_check_keeps_page_kind_key" ON "page_check_keeps" USING btree ("page_id","kind") WHERE "page_check_keeps"."page_id" is not null;--> statement-breakpoint
CREATE INDEX "page_check_keeps_chapter_idx" ON "page_check_keeps" USING btree ("chapter_id");