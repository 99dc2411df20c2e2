ALTER TABLE "users" DROP CONSTRAINT "users_role_check";--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_role_check" CHECK ("users"."role" in ('student', 'alumni', 'admin', 'employer', 'coordinator'));--> statement-breakpoint
ALTER TABLE "survey_responses" DROP CONSTRAINT "survey_responses_role_check";--> statement-breakpoint
ALTER TABLE "survey_responses" ADD CONSTRAINT "survey_responses_role_check" CHECK ("survey_responses"."role" in ('student', 'alumni', 'admin', 'employer', 'coordinator'));--> statement-breakpoint
ALTER TABLE "courses" ADD COLUMN "required_ojt_hours" integer;--> statement-breakpoint
ALTER TABLE "courses" ADD CONSTRAINT "courses_required_ojt_hours_check" CHECK ("courses"."required_ojt_hours" is null or "courses"."required_ojt_hours" between 1 and 5000);--> statement-breakpoint
CREATE TABLE "coordinator_courses" (
	"user_id" uuid NOT NULL,
	"course_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "coordinator_courses_user_id_course_id_pk" PRIMARY KEY("user_id","course_id")
);
--> statement-breakpoint
CREATE TABLE "placements" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"student_id" uuid NOT NULL,
	"company_id" uuid NOT NULL,
	"coordinator_id" uuid,
	"job_id" uuid,
	"supervisor_name" text NOT NULL,
	"supervisor_position" text,
	"supervisor_email" text NOT NULL,
	"supervisor_phone" text,
	"start_date" date NOT NULL,
	"expected_end_date" date NOT NULL,
	"required_hours" integer NOT NULL,
	"status" text DEFAULT 'planned' NOT NULL,
	"status_reason" text,
	"status_changed_at" timestamp with time zone,
	"approved_minutes" integer DEFAULT 0 NOT NULL,
	"pending_minutes" integer DEFAULT 0 NOT NULL,
	"logged_minutes" integer DEFAULT 0 NOT NULL,
	"last_entry_date" date,
	"student_reminded_for" date,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "placements_status_check" CHECK ("placements"."status" in ('planned', 'deployed', 'completed', 'withdrawn', 'terminated')),
	CONSTRAINT "placements_reason_check" CHECK ("placements"."status" not in ('withdrawn', 'terminated') or length(btrim(coalesce("placements"."status_reason", ''))) between 1 and 1000),
	CONSTRAINT "placements_dates_check" CHECK ("placements"."expected_end_date" >= "placements"."start_date"),
	CONSTRAINT "placements_required_hours_check" CHECK ("placements"."required_hours" between 1 and 5000),
	CONSTRAINT "placements_supervisor_email_check" CHECK ("placements"."supervisor_email" = lower(btrim("placements"."supervisor_email")) and position('@' in "placements"."supervisor_email") > 1),
	CONSTRAINT "placements_minutes_check" CHECK ("placements"."approved_minutes" >= 0 and "placements"."pending_minutes" >= 0 and "placements"."logged_minutes" >= 0)
);
--> statement-breakpoint
CREATE TABLE "placement_weeks" (
	"placement_id" uuid NOT NULL,
	"week_start" date NOT NULL,
	"state" text DEFAULT 'open' NOT NULL,
	"minutes" integer DEFAULT 0 NOT NULL,
	"submitted_at" timestamp with time zone,
	"decided_at" timestamp with time zone,
	"decided_by_name" text,
	"decided_by_email" text,
	"comment" text,
	"reopened_at" timestamp with time zone,
	"supervisor_reminded_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "placement_weeks_placement_id_week_start_pk" PRIMARY KEY("placement_id","week_start"),
	CONSTRAINT "placement_weeks_state_check" CHECK ("placement_weeks"."state" in ('open', 'submitted', 'approved', 'returned')),
	CONSTRAINT "placement_weeks_monday_check" CHECK (extract(isodow from "placement_weeks"."week_start") = 1),
	CONSTRAINT "placement_weeks_minutes_check" CHECK ("placement_weeks"."minutes" >= 0)
);
--> statement-breakpoint
CREATE TABLE "placement_entries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"placement_id" uuid NOT NULL,
	"week_start" date NOT NULL,
	"work_date" date NOT NULL,
	"start_minute" integer NOT NULL,
	"end_minute" integer NOT NULL,
	"break_minutes" integer DEFAULT 0 NOT NULL,
	"minutes" integer NOT NULL,
	"tasks" text NOT NULL,
	"aircraft_type" text,
	"registration" text,
	"ata_chapter" text,
	"involvement" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "placement_entries_week_check" CHECK ("placement_entries"."week_start" = "placement_entries"."work_date" - (extract(isodow from "placement_entries"."work_date")::int - 1)),
	CONSTRAINT "placement_entries_times_check" CHECK ("placement_entries"."start_minute" >= 0 and "placement_entries"."end_minute" <= 1439 and "placement_entries"."end_minute" > "placement_entries"."start_minute"),
	CONSTRAINT "placement_entries_minutes_check" CHECK ("placement_entries"."break_minutes" >= 0 and "placement_entries"."minutes" = "placement_entries"."end_minute" - "placement_entries"."start_minute" - "placement_entries"."break_minutes" and "placement_entries"."minutes" > 0 and "placement_entries"."minutes" <= 960),
	CONSTRAINT "placement_entries_tasks_check" CHECK (length(btrim("placement_entries"."tasks")) between 1 and 2000),
	CONSTRAINT "placement_entries_ata_check" CHECK ("placement_entries"."ata_chapter" is null or ("placement_entries"."ata_chapter" ~ '^[0-9][0-9]$' and "placement_entries"."ata_chapter" >= '05')),
	CONSTRAINT "placement_entries_involvement_check" CHECK ("placement_entries"."involvement" is null or "placement_entries"."involvement" in ('performed', 'assisted', 'observed'))
);
--> statement-breakpoint
CREATE TABLE "ojt_signoff_tokens" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"placement_id" uuid NOT NULL,
	"week_start" date NOT NULL,
	"supervisor_email" text NOT NULL,
	"token_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"spent_at" timestamp with time zone,
	"revoked_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ojt_signoff_tokens_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
ALTER TABLE "coordinator_courses" ADD CONSTRAINT "coordinator_courses_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coordinator_courses" ADD CONSTRAINT "coordinator_courses_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "placements" ADD CONSTRAINT "placements_student_id_users_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "placements" ADD CONSTRAINT "placements_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "placements" ADD CONSTRAINT "placements_coordinator_id_users_id_fk" FOREIGN KEY ("coordinator_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "placements" ADD CONSTRAINT "placements_job_id_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."jobs"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "placements" ADD CONSTRAINT "placements_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "placement_weeks" ADD CONSTRAINT "placement_weeks_placement_id_placements_id_fk" FOREIGN KEY ("placement_id") REFERENCES "public"."placements"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "placement_entries" ADD CONSTRAINT "placement_entries_week_fk" FOREIGN KEY ("placement_id","week_start") REFERENCES "public"."placement_weeks"("placement_id","week_start") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ojt_signoff_tokens" ADD CONSTRAINT "ojt_signoff_tokens_week_fk" FOREIGN KEY ("placement_id","week_start") REFERENCES "public"."placement_weeks"("placement_id","week_start") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "coordinator_courses_course_idx" ON "coordinator_courses" USING btree ("course_id");--> statement-breakpoint
CREATE UNIQUE INDEX "placements_student_open_key" ON "placements" USING btree ("student_id") WHERE "placements"."status" in ('planned', 'deployed');--> statement-breakpoint
CREATE INDEX "placements_student_idx" ON "placements" USING btree ("student_id","created_at");--> statement-breakpoint
CREATE INDEX "placements_company_idx" ON "placements" USING btree ("company_id");--> statement-breakpoint
CREATE INDEX "placements_coordinator_idx" ON "placements" USING btree ("coordinator_id");--> statement-breakpoint
CREATE INDEX "placements_status_idx" ON "placements" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "placements_deployed_quiet_idx" ON "placements" USING btree (coalesce("last_entry_date", "start_date")) WHERE "placements"."status" = 'deployed';--> statement-breakpoint
CREATE INDEX "placement_weeks_submitted_idx" ON "placement_weeks" USING btree ("submitted_at") WHERE "placement_weeks"."state" = 'submitted';--> statement-breakpoint
CREATE INDEX "placement_entries_day_idx" ON "placement_entries" USING btree ("placement_id","work_date","start_minute");--> statement-breakpoint
CREATE INDEX "ojt_signoff_tokens_week_idx" ON "ojt_signoff_tokens" USING btree ("placement_id","week_start");--> statement-breakpoint
-- Approved hours are locked in the database too, not only by the model: no insert, update or
-- delete of an entry whose week is approved (a coordinator reopens the week first). Deleting the
-- whole placement (the student's account) still cascades: by then its row is gone.
CREATE FUNCTION runway_placement_entry_lock() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' AND EXISTS (SELECT 1 FROM placement_weeks w
      WHERE w.placement_id = OLD.placement_id AND w.week_start = OLD.week_start AND w.state = 'approved')
    AND EXISTS (SELECT 1 FROM placements p WHERE p.id = OLD.placement_id) THEN
    RAISE EXCEPTION 'approved OJT hours are locked' USING ERRCODE = 'integrity_constraint_violation';
  END IF;
  IF TG_OP <> 'DELETE' AND EXISTS (SELECT 1 FROM placement_weeks w
      WHERE w.placement_id = NEW.placement_id AND w.week_start = NEW.week_start AND w.state = 'approved') THEN
    RAISE EXCEPTION 'approved OJT hours are locked' USING ERRCODE = 'integrity_constraint_violation';
  END IF;
  IF TG_OP = 'DELETE' THEN RETURN OLD; END IF;
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER placement_entries_lock_biud
  BEFORE INSERT OR UPDATE OR DELETE ON "placement_entries"
  FOR EACH ROW EXECUTE FUNCTION runway_placement_entry_lock();
