CREATE TABLE "halal_certificates" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"site_id" uuid NOT NULL,
	"certifying_body" text NOT NULL,
	"certifying_body_other" text,
	"certificate_number" text NOT NULL,
	"issued_on" date NOT NULL,
	"expires_on" date NOT NULL,
	"upload_id" uuid NOT NULL,
	"scope" text NOT NULL,
	"item_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"submitted_by" text,
	"reviewed_by" text,
	"reviewed_at" timestamp with time zone,
	"rejection_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "halal_certificates_dates" CHECK ("halal_certificates"."issued_on" <= "halal_certificates"."expires_on")
);
--> statement-breakpoint
CREATE TABLE "halal_status_history" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"site_id" uuid NOT NULL,
	"from_status" text,
	"to_status" text NOT NULL,
	"reason" text NOT NULL,
	"actor_id" text,
	"actor_name" text NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "site_halal_facts" (
	"site_id" uuid PRIMARY KEY NOT NULL,
	"alcohol_served" boolean DEFAULT false NOT NULL,
	"pork_on_premises" boolean DEFAULT false NOT NULL,
	"slaughter_method" text DEFAULT 'not_stated' NOT NULL,
	"halal_scope" text DEFAULT 'whole_menu' NOT NULL,
	"updated_by" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "site_halal_items" (
	"site_id" uuid NOT NULL,
	"item_id" uuid NOT NULL,
	"is_halal" boolean DEFAULT true NOT NULL,
	CONSTRAINT "site_halal_items_site_id_item_id_pk" PRIMARY KEY("site_id","item_id")
);
--> statement-breakpoint
ALTER TABLE "halal_certificates" ADD CONSTRAINT "halal_certificates_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "halal_certificates" ADD CONSTRAINT "halal_certificates_upload_id_uploads_id_fk" FOREIGN KEY ("upload_id") REFERENCES "public"."uploads"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "halal_certificates" ADD CONSTRAINT "halal_certificates_submitted_by_user_id_fk" FOREIGN KEY ("submitted_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "halal_certificates" ADD CONSTRAINT "halal_certificates_reviewed_by_user_id_fk" FOREIGN KEY ("reviewed_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "halal_status_history" ADD CONSTRAINT "halal_status_history_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "halal_status_history" ADD CONSTRAINT "halal_status_history_actor_id_user_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "site_halal_facts" ADD CONSTRAINT "site_halal_facts_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "site_halal_facts" ADD CONSTRAINT "site_halal_facts_updated_by_user_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "site_halal_items" ADD CONSTRAINT "site_halal_items_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "site_halal_items" ADD CONSTRAINT "site_halal_items_item_id_menu_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."menu_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "halal_certificates_site_idx" ON "halal_certificates" USING btree ("site_id","status");--> statement-breakpoint
CREATE INDEX "halal_certificates_status_expiry_idx" ON "halal_certificates" USING btree ("status","expires_on");--> statement-breakpoint
CREATE INDEX "halal_status_history_site_idx" ON "halal_status_history" USING btree ("site_id","at");