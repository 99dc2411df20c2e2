-- The Manage Users sort indexes (0027) again, now covering: PostgreSQL reads an expression index
-- (lower(first_name)…) only with a visit to the table for every entry unless the columns the
-- expressions use are in the index too, so a deep page sorted by name fetched 25 000 table rows at
-- random to skip them (160 ms at page 500 of 50 000 users). INCLUDE carries the name columns and the
-- list's filter columns (role, status, course, e-mail verified), so every sort, filtered or not, is
-- an index-only scan that reads the ids of a page without touching the table.
DROP INDEX IF EXISTS "users_name_sort_idx";--> statement-breakpoint
DROP INDEX IF EXISTS "users_email_sort_idx";--> statement-breakpoint
DROP INDEX IF EXISTS "users_role_sort_idx";--> statement-breakpoint
DROP INDEX IF EXISTS "users_status_sort_idx";--> statement-breakpoint
DROP INDEX IF EXISTS "users_created_sort_idx";--> statement-breakpoint
CREATE INDEX "users_name_sort_idx" ON "users" USING btree (lower("first_name"), lower("last_name"), "id") INCLUDE ("first_name", "last_name", "role", "is_active", "course_id", "email_verified_at");--> statement-breakpoint
CREATE INDEX "users_email_sort_idx" ON "users" USING btree ("email", "id") INCLUDE ("role", "is_active", "course_id", "email_verified_at");--> statement-breakpoint
CREATE INDEX "users_role_sort_idx" ON "users" USING btree ("role", lower("first_name"), lower("last_name"), "id") INCLUDE ("first_name", "last_name", "is_active", "course_id", "email_verified_at");--> statement-breakpoint
CREATE INDEX "users_status_sort_idx" ON "users" USING btree ((NOT "is_active"), lower("first_name"), lower("last_name"), "id") INCLUDE ("first_name", "last_name", "role", "is_active", "course_id", "email_verified_at");--> statement-breakpoint
CREATE INDEX "users_created_sort_idx" ON "users" USING btree ("created_at", "id") INCLUDE ("role", "is_active", "course_id", "email_verified_at");
