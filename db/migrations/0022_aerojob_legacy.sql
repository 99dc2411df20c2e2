-- Moving from AeroJob (`runway migrate aerojob`, ADR 115). Every imported row remembers the
-- MongoDB `_id` it came from (24 hex digits), unique where set, so a second run finds and updates
-- its rows instead of creating them again; rows made in Runway keep null.
ALTER TABLE "users" ADD COLUMN "legacy_id" text;--> statement-breakpoint
-- True while password_hash is AeroJob's bcrypt hash, kept as it was: the first successful sign-in
-- verifies it with bcrypt and replaces it with argon2id in the same request.
ALTER TABLE "users" ADD COLUMN "password_legacy" boolean DEFAULT false NOT NULL;--> statement-breakpoint
-- When `runway migrate aerojob --send-resets` queued this imported account's reset mail (once each).
ALTER TABLE "users" ADD COLUMN "legacy_reset_sent_at" timestamp with time zone;--> statement-breakpoint
CREATE UNIQUE INDEX "users_legacy_id_key" ON "users" USING btree ("legacy_id") WHERE "users"."legacy_id" is not null;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "legacy_id" text;--> statement-breakpoint
CREATE UNIQUE INDEX "companies_legacy_id_key" ON "companies" USING btree ("legacy_id") WHERE "companies"."legacy_id" is not null;--> statement-breakpoint
ALTER TABLE "jobs" ADD COLUMN "legacy_id" text;--> statement-breakpoint
-- AeroJob's own counters, kept for the record (Runway counts its own views and applications apart).
ALTER TABLE "jobs" ADD COLUMN "legacy_views" integer;--> statement-breakpoint
ALTER TABLE "jobs" ADD COLUMN "legacy_applications" integer;--> statement-breakpoint
CREATE UNIQUE INDEX "jobs_legacy_id_key" ON "jobs" USING btree ("legacy_id") WHERE "jobs"."legacy_id" is not null;--> statement-breakpoint
ALTER TABLE "surveys" ADD COLUMN "legacy_id" text;--> statement-breakpoint
CREATE UNIQUE INDEX "surveys_legacy_id_key" ON "surveys" USING btree ("legacy_id") WHERE "surveys"."legacy_id" is not null;--> statement-breakpoint
ALTER TABLE "survey_questions" ADD COLUMN "legacy_id" text;--> statement-breakpoint
CREATE UNIQUE INDEX "survey_questions_legacy_id_key" ON "survey_questions" USING btree ("legacy_id") WHERE "survey_questions"."legacy_id" is not null;--> statement-breakpoint
ALTER TABLE "survey_responses" ADD COLUMN "legacy_id" text;--> statement-breakpoint
CREATE UNIQUE INDEX "survey_responses_legacy_id_key" ON "survey_responses" USING btree ("legacy_id") WHERE "survey_responses"."legacy_id" is not null;
