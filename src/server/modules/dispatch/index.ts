// The dispatch module's public surface: what other modules, jobs, plugins and seeds may import from it
// (docs/decisions/0110-platform-and-module-boundaries.md). Inside the module, files import each other directly, never this file.
export { acceptJob } from './accept-job';
export { completeDelivery } from './complete-delivery';
export { assignJob } from './assign-job';
export { completeDeliveryByOps } from './complete-delivery-by-ops';
export { returnJobToBoard, type ReturnJobInput, type ReturnedJob } from './return-job';
export { unassignJob } from './unassign-job';
export { takeJobInTransaction } from './accept-job';
export { inTransaction } from './in-transaction';
export { findJobFor } from './job-view';
