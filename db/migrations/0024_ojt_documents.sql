CREATE TABLE "ojt_files" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"content_type" text NOT NULL,
	"file_name" text NOT NULL,
	"bytes" "bytea" NOT NULL,
	"size" integer NOT NULL,
	"sha256" text NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ojt_files_type_check" CHECK ("ojt_files"."content_type" in ('application/pdf', 'image/jpeg', 'image/png')),
	CONSTRAINT "ojt_files_size_check" CHECK ("ojt_files"."size" between 1 and 10485760)
);
--> statement-breakpoint
CREATE TABLE "ojt_checklists" (
	"course_id" uuid PRIMARY KEY NOT NULL,
	"items" jsonb NOT NULL,
	"updated_by" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "placement_documents" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"placement_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"state" text NOT NULL,
	"file_id" uuid,
	"received_on" date,
	"reason" text,
	"recorded_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "placement_documents_state_check" CHECK ("placement_documents"."state" in ('uploaded', 'received', 'waived')),
	CONSTRAINT "placement_documents_kind_check" CHECK ("placement_documents"."kind" ~ '^[a-z][a-z0-9_]{0,59}$'),
	CONSTRAINT "placement_documents_shape_check" CHECK (("placement_documents"."state" = 'uploaded' and "placement_documents"."file_id" is not null) or ("placement_documents"."state" = 'received' and "placement_documents"."received_on" is not null) or ("placement_documents"."state" = 'waived' and length(btrim(coalesce("placement_documents"."reason", ''))) between 1 and 1000))
);
--> statement-breakpoint
ALTER TABLE "company_agreements" ADD COLUMN "file_id" uuid;--> statement-breakpoint
ALTER TABLE "ojt_checklists" ADD CONSTRAINT "ojt_checklists_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ojt_checklists" ADD CONSTRAINT "ojt_checklists_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "placement_documents" ADD CONSTRAINT "placement_documents_placement_id_placements_id_fk" FOREIGN KEY ("placement_id") REFERENCES "public"."placements"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "placement_documents" ADD CONSTRAINT "placement_documents_file_id_ojt_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."ojt_files"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "placement_documents" ADD CONSTRAINT "placement_documents_recorded_by_users_id_fk" FOREIGN KEY ("recorded_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_agreements" ADD CONSTRAINT "company_agreements_file_id_ojt_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."ojt_files"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "placement_documents_placement_idx" ON "placement_documents" USING btree ("placement_id","kind","created_at");--> statement-breakpoint
CREATE INDEX "placement_documents_file_idx" ON "placement_documents" USING btree ("file_id");
