CREATE TABLE "admin_digests" (
	"user_id" uuid NOT NULL,
	"week" date NOT NULL,
	"expiring" integer NOT NULL,
	"pending" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "admin_digests_user_id_week_pk" PRIMARY KEY("user_id","week")
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "admin_digest_opt_out" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "admin_digests" ADD CONSTRAINT "admin_digests_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;