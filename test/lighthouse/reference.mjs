// @ts-check
/**
 * The reference page the Lighthouse gate first measures the host's speed on (its benchmark index):
 * React and ReactDOM, the versions the site ships (the lockfile's, from their UMD builds), hydrating
 * a heading and a paragraph, served from this process. What a React page costs at the least on this
 * machine, measured like the site's routes.
 */
import fs from "node:fs"
import http from "node:http"
import path from "node:path"

const FILES = {
  "/react.js": "node_modules/react/umd/react.production.min.js",
  "/react-dom.js": "node_modules/react-dom/umd/react-dom.production.min.js",
}

const PAGE = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Reference page</title>
<meta name="description" content="React hydrating a heading and a paragraph.">
</head>
<body>
<div id="root"><main><h1>Reference page</h1><p>React hydrating a heading and a paragraph.</p></main></div>
<script src="/react.js"></script>
<script src="/react-dom.js"></script>
<script src="/hydrate.js"></script>
</body>
</html>
`

const HYDRATE = `ReactDOM.hydrateRoot(
  document.getElementById("root"),
  React.createElement("main", null,
    React.createElement("h1", null, "Reference page"),
    React.createElement("p", null, "React hydrating a heading and a paragraph.")),
)
`

/**
 * Serves the reference page on a free port of 127.0.0.1 until `close`.
 * @param {string} root the project's folder
 * @returns {Promise<{ url: string, close: () => Promise<void> }>}
 */
export async function serveReferencePage(root) {
  /** @type {Record<string, { type: string, body: Buffer | string }>} */
  const routes = {
    "/": { type: "text/html; charset=utf-8", body: PAGE },
    "/hydrate.js": { type: "text/javascript", body: HYDRATE },
  }
  for (const [route, file] of Object.entries(FILES)) {
    routes[route] = { type: "text/javascript", body: fs.readFileSync(path.join(root, file)) }
  }
  const server = http.createServer((request, response) => {
    const found = routes[new URL(request.url ?? "/", "http://localhost").pathname]
    response.writeHead(found ? 200 : 404, { "content-type": found?.type ?? "text/plain", "cache-control": "no-store" })
    response.end(found?.body ?? "not found")
  })
  await new Promise((resolve) => server.listen(0, "127.0.0.1", () => resolve(undefined)))
  const address = server.address()
  if (!address || typeof address === "string") throw new Error("the reference page's server has no port")
  return {
    url: `http://127.0.0.1:${address.port}/`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  }
}
