ALTER TABLE "mail_outbox" ALTER COLUMN "text" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "notice" text;--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "claim" uuid;--> statement-breakpoint
-- Rows stored before this migration: the console notice moves out of last_error, and finished messages lose their bodies (live codes and links).
UPDATE "mail_outbox" SET "notice" = substr("last_error", 8), "last_error" = NULL WHERE "last_error" LIKE 'notice:%';--> statement-breakpoint
UPDATE "mail_outbox" SET "text" = NULL, "html" = NULL, "notice" = NULL WHERE "status" <> 'pending';
