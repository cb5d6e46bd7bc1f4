/**
 * Cloudflare Pages Function for POST /api/auth/presence: a Function keeps no memory between requests,
 * so it says there is no board of who has an entry open, and the form stops asking (deploy/auth/presence.ts).
 */
import { noBoard } from "../../../deploy/auth/presence"

export const onRequest = ({ request }: { request: Request }): Promise<Response> => noBoard(request)
