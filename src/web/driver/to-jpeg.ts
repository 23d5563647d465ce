/** docs/product/driver.md#delivery-screen: proof photos are JPEG at quality 90, at most 1200 x 1600. */
export const PROOF_QUALITY = 0.9;
const SHORT_EDGE = 1200;
const LONG_EDGE = 1600;

/** The size a photo is drawn at: within 1200 x 1600 (either way round), never enlarged. */
export function fitProof(width: number, height: number): { width: number; height: number } {
  const portrait = height >= width;
  const maxW = portrait ? SHORT_EDGE : LONG_EDGE;
  const maxH = portrait ? LONG_EDGE : SHORT_EDGE;
  const scale = Math.min(1, maxW / width, maxH / height);
  return { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) };
}

async function decode(file: Blob): Promise<HTMLImageElement> {
  const url = URL.createObjectURL(file);
  try {
    const img = new Image();
    img.decoding = 'async';
    img.src = url;
    await img.decode();
    return img;
  } finally {
    // The decoded image keeps its pixels; the object URL is no longer needed once drawn.
    setTimeout(() => URL.revokeObjectURL(url), 0);
  }
}

/** Turns a camera photo (any format the browser can show) into the proof JPEG, through a canvas. */
export async function toProofJpeg(file: Blob): Promise<Blob> {
  const img = await decode(file);
  const size = fitProof(img.naturalWidth, img.naturalHeight);
  const canvas = document.createElement('canvas');
  canvas.width = size.width;
  canvas.height = size.height;
  const ctx = canvas.getContext('2d');
  if (!ctx) throw new Error('no canvas');
  ctx.fillStyle = '#ffffff';
  ctx.fillRect(0, 0, size.width, size.height);
  ctx.drawImage(img, 0, 0, size.width, size.height);
  const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/jpeg', PROOF_QUALITY));
  if (!blob) throw new Error('no jpeg');
  return blob;
}
