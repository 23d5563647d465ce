import type { VehicleType } from './roles';

/** The driver application's messages (docs/product/driver.md#onboarding), word for word. */
export const APPLICATION_MESSAGES = {
  fields: 'Please fill in all required fields',
  terms: 'Please accept all terms and conditions',
  documents: 'Please upload all required documents',
  insurance: 'Insurance document is required for cars and scooters',
  failed: 'Failed to submit application',
  alreadySubmitted: 'Your application has already been submitted',
} as const;

export type ApplicationInput = {
  firstName: string;
  lastName: string;
  phone: string;
  vehicleType: VehicleType | '' | null;
  drivingLicenceNumber: string;
  photoIdUploadId: string | null;
  rightToWorkUploadId: string | null;
  insuranceUploadId: string | null;
  acceptTerms: boolean;
  acceptSafety: boolean;
};

/** Whether a vehicle needs insurance: cars and scooters do, bikes do not. */
export function needsInsurance(vehicle: VehicleType | '' | null): boolean {
  return vehicle === 'car' || vehicle === 'scooter';
}

/**
 * The first problem with an application, in the order the form reads (fields, terms, documents,
 * insurance), or null when it may be sent. The browser and the server ask the same function.
 */
export function applicationProblem(a: ApplicationInput): string | null {
  const blank = (v: string) => !v.trim();
  if (blank(a.firstName) || blank(a.lastName) || blank(a.phone) || blank(a.drivingLicenceNumber) || !a.vehicleType)
    return APPLICATION_MESSAGES.fields;
  if (!a.acceptTerms || !a.acceptSafety) return APPLICATION_MESSAGES.terms;
  if (!a.photoIdUploadId || !a.rightToWorkUploadId) return APPLICATION_MESSAGES.documents;
  if (needsInsurance(a.vehicleType) && !a.insuranceUploadId) return APPLICATION_MESSAGES.insurance;
  return null;
}
