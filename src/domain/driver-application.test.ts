import { describe, expect, it } from 'vitest';
import { type ApplicationInput, applicationProblem } from './driver-application';

const complete: ApplicationInput = {
  firstName: 'Bilal',
  lastName: 'Ahmed',
  phone: '07700 900456',
  vehicleType: 'car',
  drivingLicenceNumber: 'AHMED907141BA9XY',
  photoIdUploadId: 'id',
  rightToWorkUploadId: 'rtw',
  insuranceUploadId: 'ins',
  acceptTerms: true,
  acceptSafety: true,
};

describe('the driver application', () => {
  it('passes when everything is there', () => {
    expect(applicationProblem(complete)).toBeNull();
  });

  it('requires every field', () => {
    expect(applicationProblem({ ...complete, lastName: '  ' })).toBe('Please fill in all required fields');
    expect(applicationProblem({ ...complete, vehicleType: '' })).toBe('Please fill in all required fields');
  });

  it('requires both the terms and the safety acceptance', () => {
    expect(applicationProblem({ ...complete, acceptSafety: false })).toBe('Please accept all terms and conditions');
    expect(applicationProblem({ ...complete, acceptTerms: false })).toBe('Please accept all terms and conditions');
  });

  it('requires photo ID and right to work', () => {
    expect(applicationProblem({ ...complete, rightToWorkUploadId: null })).toBe('Please upload all required documents');
  });

  it('requires insurance for cars and scooters but not bikes', () => {
    expect(applicationProblem({ ...complete, insuranceUploadId: null })).toBe(
      'Insurance document is required for cars and scooters',
    );
    expect(applicationProblem({ ...complete, vehicleType: 'scooter', insuranceUploadId: null })).toBe(
      'Insurance document is required for cars and scooters',
    );
    expect(applicationProblem({ ...complete, vehicleType: 'bike', insuranceUploadId: null })).toBeNull();
  });
});
