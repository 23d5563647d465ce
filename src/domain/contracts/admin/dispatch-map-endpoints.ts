import { adminArea } from '../../policies';
import { api } from '../endpoint';
import { dispatchMapResponse } from './dispatch-map';

/** The live dispatch map for operations (docs/product/admin.md#dispatch-map, docs/decisions/0170-ops-dispatch-map.md). */
export const dispatchMapEndpoints = {
  getAdminDispatch: api('GET /api/admin/dispatch', adminArea('dispatch'))
    .summary('Open delivery jobs with their wait and current reach, and online approved drivers with their position')
    .answers({ 200: dispatchMapResponse }),
};
