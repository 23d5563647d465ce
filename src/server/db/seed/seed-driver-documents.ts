import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import type { Actor } from '../../../domain/policies';
import { storeUpload } from '../../modules/uploads';
import type { Db } from '../client';
import type { UploadStorage } from '../../platform/upload-storage';
import { driverDocuments, userProfiles } from '../schema/index';

/** A one-page PDF with a few lines of text, written by hand (valid xref offsets, no library). */
export function demoPdf(lines: string[]): Buffer {
  const escape = (s: string) => s.replace(/[\\()]/g, (c) => `\\${c}`);
  const text = lines
    .map((l, i) => `BT /F1 ${i === 0 ? 20 : 12} Tf 56 ${760 - i * 28} Td (${escape(l)}) Tj ET`)
    .join('\n');
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /Font << /F1 4 0 R >> >> /Contents 5 0 R >>',
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
    `<< /Length ${Buffer.byteLength(text)} >>\nstream\n${text}\nendstream`,
  ];
  let out = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((body, i) => {
    offsets.push(Buffer.byteLength(out));
    out += `${i + 1} 0 obj\n${body}\nendobj\n`;
  });
  const xref = Buffer.byteLength(out);
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('')}`;
  out += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(out, 'latin1');
}

/** A card-like PNG with a title and the driver's name (sharp renders the SVG). */
async function demoCard(title: string, name: string, colour: string): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="640" height="400">
    <rect width="640" height="400" rx="24" fill="${colour}"/>
    <rect x="32" y="96" width="160" height="200" rx="12" fill="#ffffff" opacity="0.85"/>
    <text x="224" y="80" font-family="sans-serif" font-size="36" font-weight="bold" fill="#ffffff">${title}</text>
    <text x="224" y="160" font-family="sans-serif" font-size="28" fill="#ffffff">${name}</text>
    <text x="224" y="210" font-family="sans-serif" font-size="20" fill="#ffffff">HalalNosh demo document</text>
  </svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

/**
 * Demo mode: gives the pending demo driver real document uploads (photo ID and insurance as PNG,
 * right to work as PDF), stored through the same upload code as the driver's own, so the admin's
 * "View Documents" has something to show. Adds only what is missing.
 */
export async function seedDriverDocuments(
  db: Db,
  opts: { storage: UploadStorage; driverId: string | undefined },
): Promise<number> {
  if (!opts.driverId) return 0;
  const [profile] = await db.select().from(userProfiles).where(eq(userProfiles.userId, opts.driverId));
  if (!profile || profile.userType !== 'driver') return 0;
  const have = new Set(
    (
      await db
        .select({ kind: driverDocuments.kind })
        .from(driverDocuments)
        .where(eq(driverDocuments.driverId, opts.driverId))
    ).map((d) => d.kind),
  );
  const name = profile.displayName ?? 'Demo Driver';
  const actor: Actor = {
    userId: opts.driverId,
    email: profile.email,
    name,
    userType: 'driver',
    status: profile.status,
    adminRole: null,
  };
  const files = {
    photo_id: () => demoCard('Photo ID', name, '#047857'),
    right_to_work: async () =>
      demoPdf(['Right to Work', name, 'Share code: W7X 4KP 9QZ (demo)', 'HalalNosh demo document']),
    insurance: () => demoCard('Vehicle Insurance', name, '#1d4ed8'),
  } as const;
  let added = 0;
  for (const kind of ['photo_id', 'right_to_work', 'insurance'] as const) {
    if (have.has(kind)) continue;
    const stored = await storeUpload({ db, storage: opts.storage }, actor, 'driver_document', await files[kind]());
    await db
      .insert(driverDocuments)
      .values({ driverId: opts.driverId, kind, uploadId: stored.id })
      .onConflictDoNothing();
    added++;
  }
  return added;
}
