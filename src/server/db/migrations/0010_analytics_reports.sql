CREATE TABLE "analytics_preferences" (
	"tenant_id" uuid PRIMARY KEY NOT NULL,
	"weekly_email" boolean DEFAULT true NOT NULL,
	"last_weekly_week" text,
	"last_weekly_sent_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "analytics_reports" ADD COLUMN "details" jsonb;--> statement-breakpoint
ALTER TABLE "analytics_preferences" ADD CONSTRAINT "analytics_preferences_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;