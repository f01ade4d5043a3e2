CREATE TABLE "team_upload_settings" (
	"team_id" integer PRIMARY KEY NOT NULL,
	"publish_delay_hours" integer DEFAULT 0 NOT NULL,
	"split_tall_strips" boolean DEFAULT false NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "team_upload_settings" ADD CONSTRAINT "team_upload_settings_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;