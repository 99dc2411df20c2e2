ALTER TABLE "users" ADD COLUMN "company_joined_at" timestamp with time zone;--> statement-breakpoint
-- Every employer of today joined before requests existed: they keep their company.
UPDATE "users" SET "company_joined_at" = "created_at" WHERE "role" = 'employer';--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_company_joined_check" CHECK ("users"."company_joined_at" is null or "users"."role" = 'employer');--> statement-breakpoint
CREATE TABLE "employer_join_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"company_id" uuid NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"decided_at" timestamp with time zone,
	"decided_by" uuid,
	CONSTRAINT "employer_join_requests_status_check" CHECK ("employer_join_requests"."status" in ('pending', 'approved', 'declined', 'expired'))
);
--> statement-breakpoint
ALTER TABLE "employer_join_requests" ADD CONSTRAINT "employer_join_requests_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "employer_join_requests" ADD CONSTRAINT "employer_join_requests_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "employer_join_requests" ADD CONSTRAINT "employer_join_requests_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "employer_join_requests_user_key" ON "employer_join_requests" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "employer_join_requests_pending_idx" ON "employer_join_requests" USING btree ("company_id","created_at") WHERE "employer_join_requests"."status" = 'pending';
