CREATE TABLE "seo_keyword_days" (
	"tenant_id" uuid NOT NULL,
	"day" date NOT NULL,
	"query" text NOT NULL,
	"clicks" integer DEFAULT 0 NOT NULL,
	"impressions" integer DEFAULT 0 NOT NULL,
	"position" real NOT NULL,
	"synced_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "seo_keyword_days_pk" PRIMARY KEY("tenant_id","day","query")
);
--> statement-breakpoint
ALTER TABLE "seo_keywords" ALTER COLUMN "position" SET DATA TYPE real;--> statement-breakpoint
ALTER TABLE "seo_keywords" ALTER COLUMN "previous_position" SET DATA TYPE real;--> statement-breakpoint
ALTER TABLE "seo_keywords" ADD COLUMN "page" text;--> statement-breakpoint
ALTER TABLE "seo_keyword_days" ADD CONSTRAINT "seo_keyword_days_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "seo_keyword_days_tenant_query_day_idx" ON "seo_keyword_days" USING btree ("tenant_id","query","day");