/**
 * Cloudflare Pages Function for GET /api/auth: the sign-in's start (deploy/auth/github-oauth.ts). The two
 * secrets are the project's environment variables (docs/deploying.md, "Editors on the live site").
 */
import { type AuthEnvironment, handleAuth } from "../../../deploy/auth/github-oauth"

export const onRequest = ({ request, env }: { request: Request; env: AuthEnvironment }): Promise<Response> =>
  handleAuth(request, env)
