CREATE TABLE "comic_arts" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "comic_arts_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"comic_id" integer NOT NULL,
	"volume" integer NOT NULL,
	"image" text NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "comic_couples" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "comic_couples_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"comic_id" integer NOT NULL,
	"character_a_id" integer NOT NULL,
	"character_b_id" integer NOT NULL,
	"position" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "comic_cover_uploads" (
	"key" text PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "comic_genres" (
	"comic_id" integer NOT NULL,
	"genre" text NOT NULL,
	CONSTRAINT "comic_genres_comic_id_genre_pk" PRIMARY KEY("comic_id","genre")
);
--> statement-breakpoint
CREATE TABLE "comic_people" (
	"comic_id" integer NOT NULL,
	"person_id" integer NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "comic_people_comic_id_person_id_pk" PRIMARY KEY("comic_id","person_id")
);
--> statement-breakpoint
CREATE TABLE "comic_teams" (
	"comic_id" integer NOT NULL,
	"team_id" integer NOT NULL,
	"kind" text NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "comic_teams_comic_id_team_id_pk" PRIMARY KEY("comic_id","team_id")
);
--> statement-breakpoint
CREATE TABLE "comics" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "comics_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"team_id" integer NOT NULL,
	"title" text NOT NULL,
	"another_name" text DEFAULT '' NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"status" text DEFAULT 'ongoing' NOT NULL,
	"thumbnail" text,
	"is_mature" boolean DEFAULT false NOT NULL,
	"is_doujinshi" boolean DEFAULT false NOT NULL,
	"sync_artists_with_authors" boolean DEFAULT false NOT NULL,
	"view_count" integer DEFAULT 0 NOT NULL,
	"save_count" integer DEFAULT 0 NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	"deleted_by" integer,
	"merged_into_id" integer
);
--> statement-breakpoint
CREATE TABLE "people" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "people_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"kind" text NOT NULL,
	"name" text NOT NULL,
	"uploaded_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "requests" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "requests_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"type" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"comic_id" integer,
	"target_comic_id" integer,
	"person_id" integer,
	"team_id" integer NOT NULL,
	"user_id" integer,
	"reason" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"reviewed_by" integer,
	"reviewed_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "comic_arts" ADD CONSTRAINT "comic_arts_comic_id_comics_id_fk" FOREIGN KEY ("comic_id") REFERENCES "public"."comics"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "comic_arts" ADD CONSTRAINT "comic_arts_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "comic_couples" ADD CONSTRAINT "comic_couples_comic_id_comics_id_fk" FOREIGN KEY ("comic_id") REFERENCES "public"."comics"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "comic_couples" ADD CONSTRAINT "comic_couples_character_a_id_people_id_fk" FOREIGN KEY ("character_a_id") REFERENCES "public"."people"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "comic_couples" ADD CONSTRAINT "comic_couples_character_b_id_people_id_fk" FOREIGN KEY ("character_b_id") REFERENCES "public"."people"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "comic_cover_uploads" ADD CONSTRAINT "comic_cover_uploads_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "comic_genres" ADD CONSTRAINT "comic_genres_comic_id_comics_id_fk" FOREIGN KEY ("comic_id") REFERENCES "public"."comics"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "comic_people" ADD CONSTRAINT "comic_people_comic_id_comics_id_fk" FOREIGN KEY ("comic_id") REFERENCES "public"."comics"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "comic_people" ADD CONSTRAINT "comic_people_person_id_people_id_fk" FOREIGN KEY ("person_id") REFERENCES "public"."people"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "comic_teams" ADD CONSTRAINT "comic_teams_comic_id_comics_id_fk" FOREIGN KEY ("comic_id") REFERENCES "public"."comics"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "comic_teams" ADD CONSTRAINT "comic_teams_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "comic_teams" ADD CONSTRAINT "comic_teams_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "comics" ADD CONSTRAINT "comics_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "comics" ADD CONSTRAINT "comics_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "comics" ADD CONSTRAINT "comics_deleted_by_users_id_fk" FOREIGN KEY ("deleted_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "people" ADD CONSTRAINT "people_uploaded_by_users_id_fk" FOREIGN KEY ("uploaded_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "requests" ADD CONSTRAINT "requests_comic_id_comics_id_fk" FOREIGN KEY ("comic_id") REFERENCES "public"."comics"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "requests" ADD CONSTRAINT "requests_target_comic_id_comics_id_fk" FOREIGN KEY ("target_comic_id") REFERENCES "public"."comics"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "requests" ADD CONSTRAINT "requests_person_id_people_id_fk" FOREIGN KEY ("person_id") REFERENCES "public"."people"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "requests" ADD CONSTRAINT "requests_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "requests" ADD CONSTRAINT "requests_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "requests" ADD CONSTRAINT "requests_reviewed_by_users_id_fk" FOREIGN KEY ("reviewed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "comic_arts_comic_idx" ON "comic_arts" USING btree ("comic_id","volume","id");--> statement-breakpoint
CREATE UNIQUE INDEX "comic_couples_pair_key" ON "comic_couples" USING btree ("comic_id",least("character_a_id", "character_b_id"),greatest("character_a_id", "character_b_id"));--> statement-breakpoint
CREATE INDEX "comic_couples_a_idx" ON "comic_couples" USING btree ("character_a_id");--> statement-breakpoint
CREATE INDEX "comic_couples_b_idx" ON "comic_couples" USING btree ("character_b_id");--> statement-breakpoint
CREATE INDEX "comic_cover_uploads_user_idx" ON "comic_cover_uploads" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "comic_genres_genre_idx" ON "comic_genres" USING btree ("genre","comic_id");--> statement-breakpoint
CREATE INDEX "comic_people_person_idx" ON "comic_people" USING btree ("person_id");--> statement-breakpoint
CREATE INDEX "comic_teams_team_idx" ON "comic_teams" USING btree ("team_id","comic_id");--> statement-breakpoint
CREATE INDEX "comics_live_created_idx" ON "comics" USING btree ("created_at","id") WHERE "comics"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "comics_team_created_idx" ON "comics" USING btree ("team_id","created_at","id") WHERE "comics"."deleted_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "people_kind_name_key" ON "people" USING btree ("kind",lower("name")) WHERE "people"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "people_kind_id_idx" ON "people" USING btree ("kind","id") WHERE "people"."deleted_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "requests_one_pending_key" ON "requests" USING btree ("type","team_id",coalesce("comic_id", 0),coalesce("person_id", 0)) WHERE "requests"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "requests_comic_pending_idx" ON "requests" USING btree ("comic_id","type") WHERE "requests"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "requests_team_idx" ON "requests" USING btree ("team_id","id");--> statement-breakpoint
CREATE INDEX "requests_target_idx" ON "requests" USING btree ("target_comic_id");--> statement-breakpoint
CREATE INDEX "requests_person_idx" ON "requests" USING btree ("person_id");