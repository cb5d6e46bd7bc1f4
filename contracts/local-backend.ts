/**
 * Decap's local backend (decap-server, `npm run cms`), reached through the page's own origin: the
 * admin names it at start-up (cms/app/index.tsx); in development Gatsby proxies it (gatsby-config
 * `proxy`), under `npm run serve` nginx does (deploy/hosting/local-nginx.ts), so the CMS connects to
 * nothing but its origin.
 */
export const LOCAL_CMS_BACKEND = { prefix: "/api", path: "/api/v1", url: "http://localhost:8081" } as const

/** Where decap-server listens: its usual port, or the one `npm run cms` was given (DECAP_PORT). */
export const localCmsBackendUrl = (port: string | undefined) =>
  port ? `http://localhost:${port}` : LOCAL_CMS_BACKEND.url
