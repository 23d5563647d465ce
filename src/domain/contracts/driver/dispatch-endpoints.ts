import { POLICIES } from '../../policies';
import { api } from '../endpoint';
import { boardPositionBody, boardPositionResponse, jobRadiusBody, jobRadiusResponse } from './job-radius';

/** Dispatch by distance: the driver's radius and shared position (docs/decisions/0158-dispatch-by-distance.md). */
export const driverDispatchEndpoints = {
  patchDriverJobRadius: api('PATCH /api/driver/job-radius', POLICIES.approvedDriver)
    .summary('The driver chooses how far from their centre they take jobs (1 to 10 miles)')
    .takes({ body: jobRadiusBody })
    .answers({ 200: jobRadiusResponse }),
  putDriverBoardPosition: api('PUT /api/driver/board-position', POLICIES.approvedDriver)
    .summary('The driver shares where they are: the centre of their jobs board while fresh')
    .takes({ body: boardPositionBody })
    .answers({ 200: boardPositionResponse }),
  deleteDriverBoardPosition: api('DELETE /api/driver/board-position', POLICIES.approvedDriver)
    .summary('The driver stops sharing: their postcode centres the board again')
    .answers({ 200: boardPositionResponse }),
};
