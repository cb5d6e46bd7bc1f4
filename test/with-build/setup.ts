import fs from "node:fs"
import path from "node:path"
import { PUBLIC_DIR } from "../../deploy/hosting/local-nginx"

// This suite reads the built site in public/ and serves it with nginx: it needs `npm run build` first.
if (!fs.existsSync(path.join(PUBLIC_DIR, "index.html"))) {
  throw new Error(`The with-build tests read the built site, and ${PUBLIC_DIR} has none: run npm run build first`)
}
