CREATE TABLE "upload_usage" (
	"user_id" integer NOT NULL,
	"hour" timestamp with time zone NOT NULL,
	"files" integer NOT NULL,
	"bytes" bigint NOT NULL,
	CONSTRAINT "upload_usage_user_id_hour_pk" PRIMARY KEY("user_id","hour")
);
--> statement-breakpoint
ALTER TABLE "upload_usage" ADD CONSTRAINT "upload_usage_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;