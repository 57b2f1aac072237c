CREATE TABLE "connections" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL,
	"provider" text NOT NULL,
	"source" text DEFAULT 'oauth' NOT NULL,
	"status" text DEFAULT 'choose_account' NOT NULL,
	"external_account_id" text,
	"account_name" text,
	"scopes" text[] DEFAULT '{}'::text[] NOT NULL,
	"access_token" text,
	"refresh_token" text,
	"account_token" text,
	"expires_at" timestamp with time zone,
	"problem_code" text,
	"problem_message" text,
	"problem_since" timestamp with time zone,
	"problem_notified_at" timestamp with time zone,
	"last_success_at" timestamp with time zone,
	"last_checked_at" timestamp with time zone,
	"connected_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "connections_tenant_provider_unique" UNIQUE("tenant_id","provider")
);
--> statement-breakpoint
ALTER TABLE "connections" ADD CONSTRAINT "connections_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "connections" ADD CONSTRAINT "connections_connected_by_users_id_fk" FOREIGN KEY ("connected_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;