// The dispatcher module's public surface: what other modules, jobs, plugins and seeds may import from it
// (docs/decisions/0110-platform-and-module-boundaries.md). Inside the module, files import each other directly, never this file.
export { withdrawDriverOffers } from './withdraw-driver-offers';
export { type EndedOffer, publishEnded, withdrawOffers } from './withdraw-offers';
