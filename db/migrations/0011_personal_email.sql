ALTER TABLE "verification_codes" DROP CONSTRAINT "verification_codes_purpose_check";--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "personal_email" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "mail_to_personal" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "personal_prompted_at" timestamp with time zone;--> statement-breakpoint
CREATE UNIQUE INDEX "users_personal_email_lower_key" ON "users" USING btree (lower("personal_email")) WHERE "users"."personal_email" is not null;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_personal_email_check" CHECK ("users"."personal_email" is null or ("users"."personal_email" = lower(btrim("users"."personal_email")) and position('@' in "users"."personal_email") > 1 and "users"."personal_email" <> "users"."email"));--> statement-breakpoint
ALTER TABLE "verification_codes" ADD CONSTRAINT "verification_codes_purpose_check" CHECK ("verification_codes"."purpose" in ('verify_email', 'verify_personal_email'));