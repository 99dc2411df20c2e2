CREATE TABLE "ojt_evaluation_tokens" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"placement_id" uuid NOT NULL,
	"stage" text NOT NULL,
	"supervisor_email" text NOT NULL,
	"token_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"spent_at" timestamp with time zone,
	"revoked_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ojt_evaluation_tokens_token_hash_unique" UNIQUE("token_hash"),
	CONSTRAINT "ojt_evaluation_tokens_stage_check" CHECK ("ojt_evaluation_tokens"."stage" in ('midterm', 'final'))
);
--> statement-breakpoint
CREATE TABLE "placement_evaluation_requests" (
	"placement_id" uuid NOT NULL,
	"stage" text NOT NULL,
	"supervisor_email" text NOT NULL,
	"sent_at" timestamp with time zone NOT NULL,
	CONSTRAINT "placement_evaluation_requests_placement_id_stage_pk" PRIMARY KEY("placement_id","stage"),
	CONSTRAINT "placement_evaluation_requests_stage_check" CHECK ("placement_evaluation_requests"."stage" in ('midterm', 'final'))
);
--> statement-breakpoint
CREATE TABLE "host_reviews" (
	"placement_id" uuid PRIMARY KEY NOT NULL,
	"company_id" uuid NOT NULL,
	"ratings" jsonb NOT NULL,
	"average" numeric(3, 2) NOT NULL,
	"comments" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "host_reviews_average_check" CHECK ("host_reviews"."average" between 1 and 5),
	CONSTRAINT "host_reviews_comments_check" CHECK ("host_reviews"."comments" is null or length("host_reviews"."comments") <= 4000)
);
--> statement-breakpoint
ALTER TABLE "ojt_evaluation_tokens" ADD CONSTRAINT "ojt_evaluation_tokens_placement_id_placements_id_fk" FOREIGN KEY ("placement_id") REFERENCES "public"."placements"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "placement_evaluation_requests" ADD CONSTRAINT "placement_evaluation_requests_placement_id_placements_id_fk" FOREIGN KEY ("placement_id") REFERENCES "public"."placements"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "host_reviews" ADD CONSTRAINT "host_reviews_placement_id_placements_id_fk" FOREIGN KEY ("placement_id") REFERENCES "public"."placements"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "host_reviews" ADD CONSTRAINT "host_reviews_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ojt_evaluation_tokens_placement_idx" ON "ojt_evaluation_tokens" USING btree ("placement_id","stage");--> statement-breakpoint
CREATE INDEX "host_reviews_company_idx" ON "host_reviews" USING btree ("company_id");
