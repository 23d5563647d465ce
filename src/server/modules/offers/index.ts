// The offers module's public surface: what other modules, jobs, plugins and seeds may import from it
// (docs/decisions/0110-platform-and-module-boundaries.md). Inside the module, files import each other directly, never this file.
export { branchOffers } from './offer-rows';
export { offerRoutes } from './routes';
