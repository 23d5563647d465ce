// The account module's public surface (docs/decisions/0110-platform-and-module-boundaries.md): what
// other modules and plugins may import from it. Inside the module, files import each other directly.
export { mustAcceptTerms, requireCurrentTerms } from './terms';
