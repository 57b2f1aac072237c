CREATE TABLE "job_photos" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL,
	"job_id" uuid NOT NULL,
	"stage" text NOT NULL,
	"token" text NOT NULL,
	"path" text NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"size" integer NOT NULL,
	"position" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "job_proposals" (
	"tenant_id" uuid NOT NULL,
	"job_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"status" text NOT NULL,
	"content" jsonb NOT NULL,
	"ref" text,
	"outcome" text,
	"decided_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "job_proposals_tenant_id_job_id_kind_pk" PRIMARY KEY("tenant_id","job_id","kind")
);
--> statement-breakpoint
CREATE TABLE "work_jobs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL,
	"lead_id" uuid NOT NULL,
	"service" text NOT NULL,
	"town" text NOT NULL,
	"completed_on" date NOT NULL,
	"value" numeric(10, 2),
	"notes" text,
	"consent" boolean DEFAULT false NOT NULL,
	"address" text,
	"slug" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "lead_form_stamps" DROP CONSTRAINT "lead_form_stamps_page_id_landing_pages_id_fk";
--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "source_title" text;--> statement-breakpoint
ALTER TABLE "job_photos" ADD CONSTRAINT "job_photos_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_photos" ADD CONSTRAINT "job_photos_job_id_work_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."work_jobs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_proposals" ADD CONSTRAINT "job_proposals_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_proposals" ADD CONSTRAINT "job_proposals_job_id_work_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."work_jobs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "work_jobs" ADD CONSTRAINT "work_jobs_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "work_jobs" ADD CONSTRAINT "work_jobs_lead_id_leads_id_fk" FOREIGN KEY ("lead_id") REFERENCES "public"."leads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "job_photos_tenant_job_idx" ON "job_photos" USING btree ("tenant_id","job_id","position");--> statement-breakpoint
CREATE UNIQUE INDEX "job_photos_token_idx" ON "job_photos" USING btree ("token");--> statement-breakpoint
CREATE INDEX "work_jobs_tenant_created_idx" ON "work_jobs" USING btree ("tenant_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE UNIQUE INDEX "work_jobs_tenant_slug_idx" ON "work_jobs" USING btree ("tenant_id","slug");--> statement-breakpoint
CREATE INDEX "work_jobs_lead_idx" ON "work_jobs" USING btree ("lead_id");