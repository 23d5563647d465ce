CREATE TABLE "customer_favourites" (
	"customer_id" text NOT NULL,
	"site_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "customer_favourites_customer_id_site_id_pk" PRIMARY KEY("customer_id","site_id")
);
--> statement-breakpoint
ALTER TABLE "customer_favourites" ADD CONSTRAINT "customer_favourites_customer_id_user_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_favourites" ADD CONSTRAINT "customer_favourites_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "customer_favourites_site_idx" ON "customer_favourites" USING btree ("site_id");