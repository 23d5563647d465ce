// The auth module's public surface: what other modules, jobs, plugins and seeds may import from it
// (docs/decisions/0110-platform-and-module-boundaries.md). Inside the module, files import each other directly, never this file.
export { type Auth, createAuth } from './better-auth';
export { resolveActor } from './resolve-actor';
export { sessionActor, verifiedToken } from './session-actor';
export { RESET_REQUEST_PATH, answerResetRequest } from './request-password-reset';
