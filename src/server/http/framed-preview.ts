import type { onSendHookHandler } from 'fastify';

/**
 * Private documents (driver documents, halal certificates) are previewed inside an admin page, so
 * this one response may be framed by HalalNosh itself; the app's default headers forbid all
 * framing (docs/decisions/0052-driver-approval-and-documents.md). Route hooks run after the app's own.
 */
const PREVIEW_CSP =
  "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; object-src 'self'; frame-ancestors 'self'";

/** The `onSend` hook of a preview route: a successful answer may be framed by HalalNosh itself. */
export const framedPreview: onSendHookHandler = async (_request, reply, payload) => {
  if (reply.statusCode === 200) {
    reply.header('x-frame-options', 'SAMEORIGIN');
    reply.header('content-security-policy', PREVIEW_CSP);
  }
  return payload;
};

const EXTENSIONS: Record<string, string> = {
  'application/pdf': 'pdf',
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/webp': 'webp',
};

/** The file extension a preview's download name takes for a stored content type. */
export function previewExtension(contentType: string): string {
  return EXTENSIONS[contentType] ?? 'bin';
}
