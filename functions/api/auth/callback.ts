/** Cloudflare Pages Function for GET /api/auth/callback: where GitHub sends the editor back (deploy/auth/github-oauth.ts). */
export { onRequest } from "./index"
