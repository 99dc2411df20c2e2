ALTER TABLE "sessions" ADD COLUMN "ended_reason" text;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_ended_reason_check" CHECK ("sessions"."ended_reason" in ('deactivated'));