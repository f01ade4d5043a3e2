CREATE TABLE "chapter_pages" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "chapter_pages_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"chapter_id" integer NOT NULL,
	"position" integer NOT NULL,
	"staged" boolean DEFAULT true NOT NULL,
	"url" text NOT NULL,
	"scramble_key" text,
	"width" integer,
	"height" integer,
	"size" integer,
	"mime" text,
	"client_id" text,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "chapter_teams" (
	"chapter_id" integer NOT NULL,
	"team_id" integer NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "chapter_teams_chapter_id_team_id_pk" PRIMARY KEY("chapter_id","team_id")
);
--> statement-breakpoint
CREATE TABLE "chapters" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "chapters_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"comic_id" integer NOT NULL,
	"team_id" integer NOT NULL,
	"order_num" double precision NOT NULL,
	"name" text DEFAULT '' NOT NULL,
	"volume" double precision,
	"hide_order" boolean DEFAULT false NOT NULL,
	"hide_default_order" boolean DEFAULT false NOT NULL,
	"hidden" boolean DEFAULT false NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"publish_at" timestamp with time zone,
	"published_at" timestamp with time zone,
	"donate_team_ids" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"credit_team_ids" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"hide_donate" boolean DEFAULT false NOT NULL,
	"hide_credit" boolean DEFAULT false NOT NULL,
	"scrambled" boolean DEFAULT false NOT NULL,
	"config" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "chapter_pages" ADD CONSTRAINT "chapter_pages_chapter_id_chapters_id_fk" FOREIGN KEY ("chapter_id") REFERENCES "public"."chapters"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chapter_pages" ADD CONSTRAINT "chapter_pages_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chapter_teams" ADD CONSTRAINT "chapter_teams_chapter_id_chapters_id_fk" FOREIGN KEY ("chapter_id") REFERENCES "public"."chapters"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chapter_teams" ADD CONSTRAINT "chapter_teams_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chapters" ADD CONSTRAINT "chapters_comic_id_comics_id_fk" FOREIGN KEY ("comic_id") REFERENCES "public"."comics"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chapters" ADD CONSTRAINT "chapters_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chapters" ADD CONSTRAINT "chapters_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "chapter_pages_chapter_idx" ON "chapter_pages" USING btree ("chapter_id","staged","position");--> statement-breakpoint
CREATE UNIQUE INDEX "chapter_pages_client_key" ON "chapter_pages" USING btree ("chapter_id","client_id") WHERE "chapter_pages"."client_id" is not null;--> statement-breakpoint
CREATE INDEX "chapter_teams_team_idx" ON "chapter_teams" USING btree ("team_id");--> statement-breakpoint
CREATE INDEX "chapters_comic_order_idx" ON "chapters" USING btree ("comic_id","order_num","id");