import { type Page, expect } from '@playwright/test';
import sharp from 'sharp';

/*
 * Steps of the driver app the journeys share (docs/product/driver.md#delivery-screen): signing in,
 * the customer's delivery code and the proof photo. Not a spec file: Playwright only runs *.spec.ts.
 */

const DEMO_PASSWORD = 'halalnosh-demo';

/** Signs the demo driver (approved, postcode E1, online) in on /driver/login and waits for the jobs. */
export async function signInDriver(page: Page, email = 'driver@halalnosh.test'): Promise<void> {
  await page.goto('/driver/login');
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Available Jobs' })).toBeVisible();
}

/** Types a 4-digit code into the open "Enter Delivery Code" dialog and verifies it. */
export async function enterDeliveryCode(page: Page, code: string): Promise<void> {
  const dialog = page.getByRole('dialog', { name: 'Enter Delivery Code' });
  await dialog.getByLabel('Digit 1 of 4').click();
  await page.keyboard.type(code);
  await dialog.getByRole('button', { name: 'Verify Code' }).click();
}

/** A plain JPEG standing in for the doorstep photo. */
export function doorstepPhoto(): Promise<Buffer> {
  return sharp({ create: { width: 640, height: 480, channels: 3, background: '#c8d6c0' } })
    .jpeg()
    .toBuffer();
}

/** Attaches the doorstep photo in the "Proof of Delivery" dialog and confirms the delivery. */
export async function confirmWithProofPhoto(page: Page): Promise<void> {
  const proof = page.getByRole('dialog', { name: 'Proof of Delivery' });
  await proof
    .getByLabel('Delivery photo')
    .setInputFiles({ name: 'doorstep.jpg', mimeType: 'image/jpeg', buffer: await doorstepPhoto() });
  await proof.getByRole('button', { name: 'Confirm Delivery' }).click();
  await expect(page.getByRole('heading', { name: 'Delivery Complete!' })).toBeVisible();
}
