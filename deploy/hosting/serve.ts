/**
 * npm run serve: the built site as production serves it, by Debian's nginx with the generated
 * hosting rules (headers, redirects, 404s, compression), on http://127.0.0.1:9000 (NGINX_PORT; 0 for any
 * free port, named in the first line it prints), with
 * Decap's local backend (`npm run cms`'s decap-server) behind /api/v1 on port 8081 (DECAP_PORT).
 * NGINX_PUBLIC_DIR serves another build (a copy's, for npm run bench:scale).
 */
import { LOCAL_CMS_BACKEND, localCmsBackendUrl } from "../../contracts/local-backend"
import { startNginx } from "./local-nginx"

const port = process.env.NGINX_PORT === "0" ? undefined : Number(process.env.NGINX_PORT ?? 9000)
const cmsBackend = { ...LOCAL_CMS_BACKEND, url: localCmsBackendUrl(process.env.DECAP_PORT) }

startNginx({ port, cmsBackend, publicDir: process.env.NGINX_PUBLIC_DIR }).then(
  (nginx) => {
    console.log(`nginx serves public/ at ${nginx.url}/ (brotli ${nginx.brotli ? "on" : "off"}); Ctrl+C stops it`)
    const stop = () => void nginx.stop().then(() => process.exit(0))
    process.on("SIGINT", stop)
    process.on("SIGTERM", stop)
  },
  (error: Error) => {
    console.error(error.message)
    process.exit(1)
  },
)
