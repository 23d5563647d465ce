import { describe, expect, it } from 'vitest';
import { endpointUrl } from './call';
import { endpoints as driverEndpoints } from './endpoints-driver.generated';
import { endpoints } from './endpoints.generated';

describe('the generated endpoint table', () => {
  it('gives each endpoint its method and path from its request line', () => {
    expect(driverEndpoints.dispatch.getDriverJobsByJobId).toEqual({ method: 'GET', path: '/api/driver/jobs/:jobId' });
    expect(endpoints.account.deleteAccountAddressesOne).toEqual({
      method: 'DELETE',
      path: '/api/account/addresses/:id',
    });
  });

  it('builds URLs with encoded path parameters', () => {
    expect(endpointUrl(endpoints.catalog.getCitiesBySlug, { params: { slug: 'a b' } })).toBe('/api/cities/a%20b');
  });
});
