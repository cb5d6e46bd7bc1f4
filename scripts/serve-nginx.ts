/**
 * npm run serve:nginx: the built site as production serves it, by Debian's nginx with the generated
 * hosting rules (headers, redirects, 404s, compression), on http://127.0.0.1:8088 (NGINX_PORT).
 */
import { startNginx } from "./lib/nginx"

const port = Number(process.env.NGINX_PORT ?? 8088)

startNginx({ port }).then(
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
