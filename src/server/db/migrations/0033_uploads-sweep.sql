CREATE INDEX "delivery_jobs_proof_upload_idx" ON "delivery_jobs" USING btree ("proof_upload_id") WHERE "delivery_jobs"."proof_upload_id" is not null;--> statement-breakpoint
CREATE INDEX "driver_documents_upload_idx" ON "driver_documents" USING btree ("upload_id");--> statement-breakpoint
CREATE INDEX "halal_certificates_upload_idx" ON "halal_certificates" USING btree ("upload_id");