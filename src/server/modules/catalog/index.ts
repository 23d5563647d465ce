// The catalog module's public surface: what other modules may import from it
// (docs/decisions/0110-platform-and-module-boundaries.md). Inside the module, files import each other directly, never this file.
export { cardRowsByIds, toCard } from './card-rows';
export { geocodeDeliverTo, reachOf } from './delivers-here';
export type { CachedAnswer, ResponseCache } from './response-cache';
