-- Saved searches and job alerts (ADR 095): the job_alerts table, jobs.published_at (when
-- a job first became visible, kept by a trigger so every door that approves or activates a job sets
-- it), and extra headers on the outbox (List-Unsubscribe for digests).
CREATE TABLE "job_alerts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"name" text NOT NULL,
	"q" text DEFAULT '' NOT NULL,
	"job_type" text,
	"location" text,
	"category" text,
	"frequency" text DEFAULT 'weekly' NOT NULL,
	"watermark" timestamp with time zone DEFAULT now() NOT NULL,
	"last_sent_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "job_alerts_frequency_check" CHECK ("job_alerts"."frequency" in ('daily', 'weekly', 'off')),
	CONSTRAINT "job_alerts_job_type_check" CHECK ("job_alerts"."job_type" is null or "job_alerts"."job_type" in ('internship', 'ojt', 'part-time', 'full-time', 'contract')),
	CONSTRAINT "job_alerts_name_check" CHECK (length(btrim("job_alerts"."name")) between 1 and 80),
	CONSTRAINT "job_alerts_q_check" CHECK (length("job_alerts"."q") <= 200),
	CONSTRAINT "job_alerts_filters_check" CHECK (coalesce(length("job_alerts"."location"), 0) <= 100 and coalesce(length("job_alerts"."category"), 0) <= 100)
);
--> statement-breakpoint
ALTER TABLE "jobs" ADD COLUMN "published_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "headers" jsonb;--> statement-breakpoint
ALTER TABLE "job_alerts" ADD CONSTRAINT "job_alerts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "job_alerts_user_idx" ON "job_alerts" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "job_alerts_due_idx" ON "job_alerts" USING btree ("watermark") WHERE "job_alerts"."frequency" <> 'off';--> statement-breakpoint
CREATE INDEX "jobs_published_idx" ON "jobs" USING btree ("published_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "jobs"."is_approved" and "jobs"."status" = 'active';--> statement-breakpoint
-- Jobs visible today count as published when they were created (no digest mails them again).
UPDATE jobs SET published_at = created_at WHERE is_approved AND status = 'active' AND published_at IS NULL;--> statement-breakpoint
CREATE OR REPLACE FUNCTION runway_jobs_published_trigger() RETURNS trigger
  LANGUAGE plpgsql AS $$
  BEGIN
    -- Only the first time: a job hidden and shown again is not new to anyone's alerts.
    IF NEW.published_at IS NULL AND NEW.is_approved AND NEW.status = 'active' THEN
      NEW.published_at := clock_timestamp();
    END IF;
    RETURN NEW;
  END $$;--> statement-breakpoint
CREATE TRIGGER jobs_published_biu
  BEFORE INSERT OR UPDATE OF is_approved, status ON jobs
  FOR EACH ROW EXECUTE FUNCTION runway_jobs_published_trigger();
