-- One index per Manage Users sort, on the exact expressions the list orders by (app/models/user/
-- admin.server.ts): a page at any depth reads the next rows from the index instead of sorting
-- every user. Each index also serves the opposite direction (a backward scan).
CREATE INDEX IF NOT EXISTS "users_name_sort_idx" ON "users" USING btree (lower("first_name"), lower("last_name"), "id");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "users_email_sort_idx" ON "users" USING btree ("email", "id");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "users_role_sort_idx" ON "users" USING btree ("role", lower("first_name"), lower("last_name"), "id");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "users_status_sort_idx" ON "users" USING btree ((NOT "is_active"), lower("first_name"), lower("last_name"), "id");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "users_created_sort_idx" ON "users" USING btree ("created_at", "id");
