ALTER TABLE "review_requests" ADD COLUMN "landing_url" text;--> statement-breakpoint
ALTER TABLE "work_jobs" ADD COLUMN "consent_answered_at" timestamp with time zone;