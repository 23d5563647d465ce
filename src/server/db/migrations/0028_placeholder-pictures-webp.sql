-- The demo placeholder pictures are served as WebP (decoded off the browser's main thread; an SVG
-- image is built as a document of its own on it): rows seeded before point at the SVG copies, which
-- stay in public/images for any page or message that still links them
-- (docs/decisions/0186-landing-pages-main-thread.md).
update sites set image_url = regexp_replace(image_url, '^/images/cuisines/([a-z-]+)\.svg$', '/images/cuisines/\1.webp')
where image_url ~ '^/images/cuisines/[a-z-]+\.svg$';
--> statement-breakpoint
update brands set logo_url = '/images/logo-placeholder.webp' where logo_url = '/images/logo-placeholder.svg';
