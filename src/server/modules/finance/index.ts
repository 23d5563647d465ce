// The finance module's public surface (docs/decisions/0110-platform-and-module-boundaries.md).
export { financeRoutes } from './routes';
export { cashHeldSql, cashPositionOf } from './driver-cash';
