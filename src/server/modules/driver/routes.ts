import { driverEndpoints } from '../../../domain/contracts/driver/endpoints';
import { route } from '../../http/route';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client';
import { cashOut } from './cash-out';
import { loadDriverProfile, toDriverProfile } from './driver-profile';
import { getEarnings } from './get-earnings';
import { setAvailability } from './set-availability';
import { submitApplication } from './submit-application';
import { updatePostcode } from './update-postcode';
import { getPayoutDetails, savePayoutDetails } from './payout-details';
import { clearBoardPosition, setBoardPosition, setJobRadius } from './job-radius';

/** The driver's own account: profile, application, availability, postcode, earnings and cash-out. */
export function driverRoutes(app: FastifyInstance, deps: { db: Db }): void {
  const { db } = deps;
  const bus = () => app.deps.bus;

  route(app, driverEndpoints.getDriverProfile, async (request) =>
    toDriverProfile(await loadDriverProfile(db, request.actor!.userId)),
  );

  route(app, driverEndpoints.postDriverApplication, async (request, reply) => {
    const profile = await submitApplication({ db, bus: bus() }, request.actor!.userId, request.body);
    return reply.status(201).send({ profile });
  });

  route(app, driverEndpoints.patchDriverAvailability, async (request) =>
    setAvailability({ db, bus: bus() }, request.actor!, request.body.isOnline),
  );

  route(app, driverEndpoints.patchDriverPostcode, async (request) => {
    const area = await updatePostcode(
      { db, geocoder: app.deps.geocoder },
      request.actor!.userId,
      request.body.postcode,
    );
    // A stream of the old area's jobs ends at once.
    await bus().accessChanged(request.actor!.userId);
    return area;
  });

  route(app, driverEndpoints.patchDriverJobRadius, async (request) =>
    setJobRadius(db, request.actor!.userId, request.body.miles),
  );

  route(app, driverEndpoints.putDriverBoardPosition, async (request) =>
    setBoardPosition({ db, bus: bus() }, request.actor!.userId, request.body),
  );

  route(app, driverEndpoints.deleteDriverBoardPosition, async (request) =>
    clearBoardPosition({ db, bus: bus() }, request.actor!.userId),
  );

  route(app, driverEndpoints.getDriverPayoutDetails, async (request) => getPayoutDetails(db, request.actor!.userId));

  route(app, driverEndpoints.putDriverPayoutDetails, async (request) =>
    savePayoutDetails(db, request.actor!, request.body),
  );

  route(app, driverEndpoints.getDriverEarnings, async (request) => getEarnings(db, request.actor!.userId));

  route(app, driverEndpoints.postDriverEarningsCashOut, async (request) =>
    cashOut({ db, bus: bus() }, request.actor!.userId),
  );
}
