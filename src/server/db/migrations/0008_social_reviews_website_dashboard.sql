CREATE TABLE "review_businesses" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL,
	"place_id" text NOT NULL,
	"name" text NOT NULL,
	"address" text,
	"rating" numeric(2, 1),
	"rating_count" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "review_businesses_tenant_id_unique" UNIQUE("tenant_id")
);
--> statement-breakpoint
CREATE TABLE "review_reply_templates" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL,
	"name" text NOT NULL,
	"body" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "user_progress" ADD COLUMN "dashboard_layout" jsonb;--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "source" text;--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "utm" jsonb;--> statement-breakpoint
ALTER TABLE "blog_posts" ADD COLUMN "meta_description" text;--> statement-breakpoint
ALTER TABLE "blog_posts" ADD COLUMN "categories" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "blog_posts" ADD COLUMN "tags" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "blog_posts" ADD COLUMN "remote_post_id" integer;--> statement-breakpoint
ALTER TABLE "blog_posts" ADD COLUMN "remote_url" text;--> statement-breakpoint
ALTER TABLE "blog_posts" ADD COLUMN "remote_status" text;--> statement-breakpoint
ALTER TABLE "blog_posts" ADD COLUMN "published_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "landing_pages" ADD COLUMN "page" jsonb;--> statement-breakpoint
ALTER TABLE "landing_pages" ADD COLUMN "slug" text;--> statement-breakpoint
ALTER TABLE "landing_pages" ADD COLUMN "published_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "reviews" ADD COLUMN "reviewer_photo_url" text;--> statement-breakpoint
ALTER TABLE "reviews" ADD COLUMN "review_url" text;--> statement-breakpoint
ALTER TABLE "reviews" ADD COLUMN "place_id" text;--> statement-breakpoint
ALTER TABLE "reviews" ADD COLUMN "reply_text" text;--> statement-breakpoint
ALTER TABLE "reviews" ADD COLUMN "replied_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "social_posts" ADD COLUMN "group_id" uuid;--> statement-breakpoint
ALTER TABLE "social_posts" ADD COLUMN "image_url" text;--> statement-breakpoint
ALTER TABLE "social_posts" ADD COLUMN "attempts" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "review_businesses" ADD CONSTRAINT "review_businesses_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_reply_templates" ADD CONSTRAINT "review_reply_templates_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "review_reply_templates_tenant_idx" ON "review_reply_templates" USING btree ("tenant_id","created_at");--> statement-breakpoint
ALTER TABLE "landing_pages" ADD CONSTRAINT "landing_pages_tenant_slug_unique" UNIQUE("tenant_id","slug");