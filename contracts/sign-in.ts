/**
 * Where the editors' GitHub sign-in answers, on the site's own origin: served by deploy/auth/ (a
 * Node service behind nginx, a Pages Function) and named to Decap as its `auth_endpoint` (cms/config.ts).
 */
export const AUTH_PATH = "/api/auth"
/** Where GitHub sends the editor back, as registered with the OAuth app. */
export const CALLBACK_PATH = `${AUTH_PATH}/callback`
/**
 * Who has an entry open in the CMS, told by the Node sign-in service (deploy/auth/presence.ts) to
 * each form (cms/app/presence-note.tsx); a Pages Function answers that it keeps no board, and the
 * form says nothing.
 */
export const PRESENCE_PATH = `${AUTH_PATH}/presence`
