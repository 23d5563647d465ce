// The halal module's public surface: what other modules, jobs, plugins and seeds may import from it
// (docs/decisions/0110-platform-and-module-boundaries.md). Inside the module, files import each other directly, never this file.
export { type HalalStatusEvent, lockSite, publishHalalStatus, siteHalalState, withHalalMove } from './change-status';
// The one halal status rule in SQL (docs/decisions/0100-halal-status-derived.md), for every read that shows or filters it.
export { halalColumns, halalStatusSql, isVerifiedSql, lastVerifiedAtSql } from './halal-status-sql';
