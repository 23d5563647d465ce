// The notifications module's public surface (docs/decisions/0110-platform-and-module-boundaries.md):
// what other modules and jobs call to enqueue notifications in their own transactions, and the
// preference grids the account, driver and partner settings read and save.
export { enqueueNotifications, notificationRowsValue, outboxInsert, type NotificationRow } from './enqueue';
export {
  customerRows,
  enqueueJobOffer,
  enqueueTransitionNotifications,
  newOrderRows,
  toPerson,
  type OrderForNotice,
} from './order-notifications';
export { getPreferenceGrid, savePreferenceGrid } from './preferences';
export { COMPANY, customerStatus, receiptMessage, statusMessage } from './templates';
export { messagePreparer } from './prepare-message';
export { notificationRoutes } from './routes';
export { unsubscribeToken } from './unsubscribe';
export {
  notifyCertificateDecision,
  notifyCityOpened,
  notifyDriverApplication,
  notifyEmailChangeRequested,
  notifyTicketReply,
} from './service-notifications';
export { notifyRestaurantReview } from './restaurant-review-notifications';
export { alertFailedNotification, notifyOperations, operationsEmail, type OpsAlert } from './ops-alerts';
export { notifyGroupEnded, groupEndMessage, type GroupEnd, type GroupRecipient } from './group-order-notifications';
