// The group-orders module's public surface (docs/decisions/0110-platform-and-module-boundaries.md).
export { isGroupMember, isMemberOfOrdersGroup } from './group-access';
export { groupOrderRoutes } from './routes';
export { expireDueGroups } from './group-end';
