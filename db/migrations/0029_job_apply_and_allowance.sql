ALTER TABLE "jobs" ADD COLUMN "apply_url" text;--> statement-breakpoint
ALTER TABLE "jobs" ADD COLUMN "apply_email" text;--> statement-breakpoint
ALTER TABLE "jobs" ADD COLUMN "salary_amount" integer;--> statement-breakpoint
ALTER TABLE "jobs" ADD COLUMN "salary_currency" text DEFAULT 'PHP' NOT NULL;--> statement-breakpoint
ALTER TABLE "jobs" ADD COLUMN "salary_period" text;--> statement-breakpoint
ALTER TABLE "jobs" ADD CONSTRAINT "jobs_apply_url_check" CHECK ("jobs"."apply_url" is null or ("jobs"."apply_url" ~* '^https?://[^[:space:]]+$' and length("jobs"."apply_url") <= 500));--> statement-breakpoint
ALTER TABLE "jobs" ADD CONSTRAINT "jobs_apply_email_check" CHECK ("jobs"."apply_email" is null or ("jobs"."apply_email" = lower(btrim("jobs"."apply_email")) and position('@' in "jobs"."apply_email") > 1 and length("jobs"."apply_email") <= 500));--> statement-breakpoint
ALTER TABLE "jobs" ADD CONSTRAINT "jobs_salary_currency_check" CHECK ("jobs"."salary_currency" ~ '^[A-Z]{3}$');--> statement-breakpoint
ALTER TABLE "jobs" ADD CONSTRAINT "jobs_salary_check" CHECK (("jobs"."salary_period" is null and "jobs"."salary_amount" is null) or ("jobs"."salary_period" = 'unpaid' and "jobs"."salary_amount" is null) or ("jobs"."salary_period" in ('month', 'day', 'hour') and "jobs"."salary_amount" between 1 and 10000000));