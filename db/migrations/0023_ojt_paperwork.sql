CREATE TABLE "company_agreements" (
	"company_id" uuid PRIMARY KEY NOT NULL,
	"signed_at" date NOT NULL,
	"valid_until" date NOT NULL,
	"notarized" boolean DEFAULT false NOT NULL,
	"signatories" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"digest_week" date,
	"updated_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "company_agreements_dates_check" CHECK ("company_agreements"."valid_until" >= "company_agreements"."signed_at")
);
--> statement-breakpoint
CREATE TABLE "ojt_rubrics" (
	"version" integer PRIMARY KEY NOT NULL,
	"criteria" jsonb NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "placement_evaluations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"placement_id" uuid NOT NULL,
	"stage" text NOT NULL,
	"rubric_version" integer NOT NULL,
	"ratings" jsonb NOT NULL,
	"average" numeric(3, 2) NOT NULL,
	"comments" text,
	"would_hire" text NOT NULL,
	"supervisor_name" text NOT NULL,
	"supervisor_email" text NOT NULL,
	"submitted_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "placement_evaluations_stage_check" CHECK ("placement_evaluations"."stage" in ('midterm', 'final')),
	CONSTRAINT "placement_evaluations_would_hire_check" CHECK ("placement_evaluations"."would_hire" in ('yes', 'maybe', 'no')),
	CONSTRAINT "placement_evaluations_average_check" CHECK ("placement_evaluations"."average" between 1 and 5),
	CONSTRAINT "placement_evaluations_comments_check" CHECK ("placement_evaluations"."comments" is null or length("placement_evaluations"."comments") <= 4000)
);
--> statement-breakpoint
ALTER TABLE "placements" ADD COLUMN "hired_by_host" boolean;--> statement-breakpoint
ALTER TABLE "placements" ADD COLUMN "completed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "placements" ADD COLUMN "certificate_code" text;--> statement-breakpoint
ALTER TABLE "company_agreements" ADD CONSTRAINT "company_agreements_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_agreements" ADD CONSTRAINT "company_agreements_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ojt_rubrics" ADD CONSTRAINT "ojt_rubrics_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "placement_evaluations" ADD CONSTRAINT "placement_evaluations_placement_id_placements_id_fk" FOREIGN KEY ("placement_id") REFERENCES "public"."placements"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "placement_evaluations" ADD CONSTRAINT "placement_evaluations_rubric_version_ojt_rubrics_version_fk" FOREIGN KEY ("rubric_version") REFERENCES "public"."ojt_rubrics"("version") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "company_agreements_valid_until_idx" ON "company_agreements" USING btree ("valid_until");--> statement-breakpoint
CREATE UNIQUE INDEX "placement_evaluations_stage_key" ON "placement_evaluations" USING btree ("placement_id","stage");--> statement-breakpoint
ALTER TABLE "placements" ADD CONSTRAINT "placements_certificate_code_unique" UNIQUE("certificate_code");
