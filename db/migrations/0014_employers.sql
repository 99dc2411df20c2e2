CREATE TABLE "decline_templates" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"title" text NOT NULL,
	"body" text NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "decline_templates_title_check" CHECK (length(btrim("decline_templates"."title")) between 1 and 100),
	CONSTRAINT "decline_templates_body_check" CHECK (length(btrim("decline_templates"."body")) between 1 and 2000)
);
--> statement-breakpoint
CREATE TABLE "employer_invitations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"email" text NOT NULL,
	"invited_by" uuid,
	"token_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"accepted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "employer_invitations_token_hash_unique" UNIQUE("token_hash"),
	CONSTRAINT "employer_invitations_email_check" CHECK ("employer_invitations"."email" = lower(btrim("employer_invitations"."email")))
);
--> statement-breakpoint
CREATE TABLE "job_reports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"job_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"reason" text NOT NULL,
	"details" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"resolved_at" timestamp with time zone,
	"resolved_by" uuid,
	"resolution" text,
	CONSTRAINT "job_reports_reason_check" CHECK ("job_reports"."reason" in ('scam', 'misleading', 'discriminatory', 'expired', 'other')),
	CONSTRAINT "job_reports_resolution_check" CHECK ("job_reports"."resolution" is null or "job_reports"."resolution" in ('upheld', 'dismissed')),
	CONSTRAINT "job_reports_details_check" CHECK ("job_reports"."details" is null or length("job_reports"."details") <= 2000)
);
--> statement-breakpoint
ALTER TABLE "users" DROP CONSTRAINT "users_role_check";--> statement-breakpoint
ALTER TABLE "survey_responses" DROP CONSTRAINT "survey_responses_role_check";--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "company_id" uuid;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "domain_verified" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "employer_verified_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "blocked_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "blocked_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "jobs" ADD COLUMN "licences" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "jobs" ADD COLUMN "ojt_hours" integer;--> statement-breakpoint
ALTER TABLE "jobs" ADD COLUMN "shift" text;--> statement-breakpoint
ALTER TABLE "jobs" ADD COLUMN "medical_class" text;--> statement-breakpoint
ALTER TABLE "jobs" ADD COLUMN "submitted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "jobs" ADD COLUMN "declined_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "jobs" ADD COLUMN "decline_reason" text;--> statement-breakpoint
ALTER TABLE "jobs" ADD COLUMN "reviewed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "jobs" ADD COLUMN "reviewed_by" uuid;--> statement-breakpoint
ALTER TABLE "jobs" ADD COLUMN "hidden_reason" text;--> statement-breakpoint
ALTER TABLE "jobs" ADD COLUMN "hidden_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "employer_invitations" ADD CONSTRAINT "employer_invitations_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "employer_invitations" ADD CONSTRAINT "employer_invitations_invited_by_users_id_fk" FOREIGN KEY ("invited_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_reports" ADD CONSTRAINT "job_reports_job_id_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."jobs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_reports" ADD CONSTRAINT "job_reports_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_reports" ADD CONSTRAINT "job_reports_resolved_by_users_id_fk" FOREIGN KEY ("resolved_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "employer_invitations_company_idx" ON "employer_invitations" USING btree ("company_id");--> statement-breakpoint
CREATE UNIQUE INDEX "job_reports_job_user_key" ON "job_reports" USING btree ("job_id","user_id");--> statement-breakpoint
CREATE INDEX "job_reports_open_idx" ON "job_reports" USING btree ("created_at") WHERE "job_reports"."resolved_at" is null;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "jobs" ADD CONSTRAINT "jobs_reviewed_by_users_id_fk" FOREIGN KEY ("reviewed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "users_company_idx" ON "users" USING btree ("company_id") WHERE "users"."company_id" is not null;--> statement-breakpoint
CREATE INDEX "jobs_licences_idx" ON "jobs" USING gin ("licences");--> statement-breakpoint
CREATE INDEX "jobs_pending_queue_idx" ON "jobs" USING btree (coalesce("submitted_at", "created_at"),"id") WHERE not "jobs"."is_approved" and "jobs"."declined_at" is null;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_employer_company_check" CHECK (("users"."role" = 'employer') = ("users"."company_id" is not null));--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_role_check" CHECK ("users"."role" in ('student', 'alumni', 'admin', 'employer'));--> statement-breakpoint
ALTER TABLE "jobs" ADD CONSTRAINT "jobs_hidden_reason_check" CHECK ("jobs"."hidden_reason" is null or "jobs"."hidden_reason" in ('reports', 'blocked'));--> statement-breakpoint
ALTER TABLE "jobs" ADD CONSTRAINT "jobs_ojt_hours_check" CHECK ("jobs"."ojt_hours" is null or "jobs"."ojt_hours" between 0 and 5000);--> statement-breakpoint
ALTER TABLE "survey_responses" ADD CONSTRAINT "survey_responses_role_check" CHECK ("survey_responses"."role" in ('student', 'alumni', 'admin', 'employer'));--> statement-breakpoint
INSERT INTO "decline_templates" ("title", "body", "position") VALUES
 ('Incomplete posting', 'The posting does not say enough for a student to decide: please add the duties, the qualifications and how to apply.', 1),
 ('Fee requested', 'Runway does not publish postings that ask applicants to pay a fee (training, placement, medical or processing) to apply or be hired.', 2),
 ('Not relevant to our programmes', 'The position does not match the programmes of the college, so it would not reach suitable applicants here.', 3),
 ('Company could not be verified', 'We could not verify the company or your connection to it. Please post from your company e-mail address or contact the career office.', 4),
 ('Discriminatory requirements', 'The posting sets requirements (age, sex, civil status, appearance or religion) that are not bona fide occupational qualifications.', 5);
