// The orders module's public surface: what other modules, jobs, plugins and seeds may import from it
// (docs/decisions/0110-platform-and-module-boundaries.md). Inside the module, files import each other directly, never this file.
export { sameSecret } from './codes';
export { loadViewableOrder } from './find-order';
export { transitionOrder } from './transition-order';
export { recordArrivedAtPickup } from './record-predictions';
export { awaitingSlot, scheduledViewOf } from './schedule-view';
export { clearCodeTries, takeCodeTry } from './code-tries';
export { placeOrder } from './place-order';
export { type BranchItem, type OrderSite, branchItems, loadOrderSite, priceLines } from './price-order';
export { quoteOf } from './quote-order';
export { buildOrderView } from './order-view';
