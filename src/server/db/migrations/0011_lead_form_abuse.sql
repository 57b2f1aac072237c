CREATE TABLE "lead_auto_replies" (
	"tenant_id" uuid NOT NULL,
	"day" date NOT NULL,
	"recipient" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "lead_auto_replies_tenant_id_day_recipient_pk" PRIMARY KEY("tenant_id","day","recipient")
);
--> statement-breakpoint
CREATE TABLE "lead_auto_reply_days" (
	"tenant_id" uuid NOT NULL,
	"day" date NOT NULL,
	"sent" integer DEFAULT 0 NOT NULL,
	"limit_reached_at" timestamp with time zone,
	"owner_told_at" timestamp with time zone,
	CONSTRAINT "lead_auto_reply_days_tenant_id_day_pk" PRIMARY KEY("tenant_id","day")
);
--> statement-breakpoint
CREATE TABLE "lead_form_stamps" (
	"tenant_id" uuid NOT NULL,
	"stamp" text NOT NULL,
	"page_id" uuid NOT NULL,
	"used_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	CONSTRAINT "lead_form_stamps_tenant_id_stamp_pk" PRIMARY KEY("tenant_id","stamp")
);
--> statement-breakpoint
ALTER TABLE "client_configurations" ADD COLUMN "turnstile_site_key" text;--> statement-breakpoint
ALTER TABLE "client_configurations" ADD COLUMN "turnstile_secret_key" text;--> statement-breakpoint
ALTER TABLE "lead_auto_replies" ADD CONSTRAINT "lead_auto_replies_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lead_auto_reply_days" ADD CONSTRAINT "lead_auto_reply_days_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lead_form_stamps" ADD CONSTRAINT "lead_form_stamps_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lead_form_stamps" ADD CONSTRAINT "lead_form_stamps_page_id_landing_pages_id_fk" FOREIGN KEY ("page_id") REFERENCES "public"."landing_pages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "lead_auto_replies_day_idx" ON "lead_auto_replies" USING btree ("day");--> statement-breakpoint
CREATE INDEX "lead_auto_reply_days_day_idx" ON "lead_auto_reply_days" USING btree ("day");--> statement-breakpoint
CREATE INDEX "lead_form_stamps_expires_idx" ON "lead_form_stamps" USING btree ("expires_at");