CREATE TABLE "survey_invitations" (
	"survey_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"token_hash" text NOT NULL,
	"first_sent_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_sent_at" timestamp with time zone DEFAULT now() NOT NULL,
	"reminders_sent" integer DEFAULT 0 NOT NULL,
	"opened_at" timestamp with time zone,
	CONSTRAINT "survey_invitations_survey_id_user_id_pk" PRIMARY KEY("survey_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "survey_invite_batches" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"survey_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"trigger" text NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"targeted" integer DEFAULT 0 NOT NULL,
	"queued" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "survey_invite_batches_kind_check" CHECK ("survey_invite_batches"."kind" in ('invitation', 'reminder')),
	CONSTRAINT "survey_invite_batches_trigger_check" CHECK ("survey_invite_batches"."trigger" in ('admin', 'cli', 'schedule'))
);
--> statement-breakpoint
CREATE TABLE "survey_respondents" (
	"survey_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	CONSTRAINT "survey_respondents_survey_id_user_id_pk" PRIMARY KEY("survey_id","user_id")
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "graduation_year" integer;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "survey_mail_opt_out_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "survey_questions" ADD COLUMN "key" text;--> statement-breakpoint
ALTER TABLE "survey_responses" ADD COLUMN "course_id" uuid;--> statement-breakpoint
ALTER TABLE "survey_responses" ADD COLUMN "graduation_year" integer;--> statement-breakpoint
ALTER TABLE "surveys" ADD COLUMN "course_ids" uuid[] DEFAULT '{}'::uuid[] NOT NULL;--> statement-breakpoint
ALTER TABLE "surveys" ADD COLUMN "graduation_years" integer[] DEFAULT '{}'::integer[] NOT NULL;--> statement-breakpoint
ALTER TABLE "surveys" ADD COLUMN "anonymous" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "surveys" ADD COLUMN "remind_every_days" integer;--> statement-breakpoint
ALTER TABLE "surveys" ADD COLUMN "remind_max" integer;--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "batch_id" uuid;--> statement-breakpoint
ALTER TABLE "survey_invitations" ADD CONSTRAINT "survey_invitations_survey_id_surveys_id_fk" FOREIGN KEY ("survey_id") REFERENCES "public"."surveys"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "survey_invitations" ADD CONSTRAINT "survey_invitations_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "survey_invite_batches" ADD CONSTRAINT "survey_invite_batches_survey_id_surveys_id_fk" FOREIGN KEY ("survey_id") REFERENCES "public"."surveys"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "survey_invite_batches" ADD CONSTRAINT "survey_invite_batches_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "survey_respondents" ADD CONSTRAINT "survey_respondents_survey_id_surveys_id_fk" FOREIGN KEY ("survey_id") REFERENCES "public"."surveys"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "survey_respondents" ADD CONSTRAINT "survey_respondents_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "survey_invitations_token_key" ON "survey_invitations" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "survey_invitations_due_idx" ON "survey_invitations" USING btree ("survey_id","last_sent_at");--> statement-breakpoint
CREATE INDEX "survey_invite_batches_survey_idx" ON "survey_invite_batches" USING btree ("survey_id","created_at");--> statement-breakpoint
ALTER TABLE "survey_responses" ADD CONSTRAINT "survey_responses_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD CONSTRAINT "mail_outbox_batch_id_survey_invite_batches_id_fk" FOREIGN KEY ("batch_id") REFERENCES "public"."survey_invite_batches"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "users_graduation_year_idx" ON "users" USING btree ("graduation_year");--> statement-breakpoint
CREATE UNIQUE INDEX "survey_questions_key_key" ON "survey_questions" USING btree ("survey_id","key") WHERE "survey_questions"."key" is not null and "survey_questions"."archived_at" is null;--> statement-breakpoint
CREATE INDEX "mail_outbox_batch_idx" ON "mail_outbox" USING btree ("batch_id") WHERE "mail_outbox"."batch_id" is not null;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_graduation_year_check" CHECK ("users"."graduation_year" is null or "users"."graduation_year" between 1950 and 2100);--> statement-breakpoint
ALTER TABLE "survey_questions" ADD CONSTRAINT "survey_questions_key_check" CHECK ("survey_questions"."key" is null or "survey_questions"."key" ~ '^[a-z][a-z0-9_]{0,62}$');--> statement-breakpoint
ALTER TABLE "surveys" ADD CONSTRAINT "surveys_reminder_check" CHECK (("surveys"."remind_every_days" is null and "surveys"."remind_max" is null) or ("surveys"."remind_every_days" between 1 and 90 and "surveys"."remind_max" between 1 and 10));--> statement-breakpoint
-- Everyone who has answered so far is a respondent (survey_respondents holds who answered in every
-- mode, ADR 100), and each response keeps its respondent's programme as the cohort it was given in.
INSERT INTO "survey_respondents" ("survey_id", "user_id")
  SELECT "survey_id", "user_id" FROM "survey_responses" WHERE "user_id" IS NOT NULL
  ON CONFLICT DO NOTHING;--> statement-breakpoint
UPDATE "survey_responses" r SET "course_id" = u."course_id"
  FROM "users" u WHERE u."id" = r."user_id" AND u."course_id" IS NOT NULL;
