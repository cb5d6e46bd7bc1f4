/**
 * After the build (gatsby-node onPostBuild, once the pages' HTML is final): each page's own
 * Content-Security-Policy written into it (page-policy.ts), and the hosting policy read from public/,
 * written for a CDN (public/_headers, public/_redirects) and for nginx
 * (.hosting/nginx.conf, a server block for a machine's sites-enabled, with the CMS sign-in service
 * beside it: .hosting/cms-auth.mjs and its systemd unit). On the CDN the sign-in is the Pages
 * Functions in functions/.
 */
import type { BuildArgs } from "gatsby"
import fs from "node:fs"
import path from "node:path"
import { headersFile, redirectsFile } from "./cdn"
import { nginxMaps, nginxServer } from "./nginx"
import { writePagePolicies } from "./page-policy"
import { hostingPolicy } from "./policy"
import { AUTH_SCRIPT, AUTH_UNIT, AUTH_UPSTREAM, writeAuthService } from "../../auth/service-files"

export const HOSTING_DIR = ".hosting"
export const NGINX_SITE = "nginx.conf"

export async function writeHostingFiles({ store, reporter }: BuildArgs): Promise<void> {
  const { program } = store.getState() as { program: { directory: string } }
  const publicDir = path.join(program.directory, "public")
  const pages = writePagePolicies(publicDir)
  const policy = hostingPolicy(publicDir)
  fs.writeFileSync(path.join(publicDir, "_headers"), headersFile(policy))
  fs.writeFileSync(path.join(publicDir, "_redirects"), redirectsFile(policy))
  const target = path.join(program.directory, HOSTING_DIR)
  fs.mkdirSync(target, { recursive: true })
  const server = nginxServer(policy, { root: publicDir, listen: "80", brotli: true, authService: AUTH_UPSTREAM })
  fs.writeFileSync(
    path.join(target, NGINX_SITE),
    `# Written by the build from gatsby/hosting/policy.ts (README: Deploying). Goes in nginx's http block.\n${nginxMaps(policy)}\n\n${server}`,
  )
  await writeAuthService(target)
  reporter.info(
    `Hosting rules: ${policy.pages.length} pages, ${policy.immutable.bundles.length} hashed bundles; each of ${pages} HTML files given its own Content-Security-Policy; wrote public/_headers, public/_redirects, ${HOSTING_DIR}/${NGINX_SITE}, ${HOSTING_DIR}/${AUTH_SCRIPT}, ${HOSTING_DIR}/${AUTH_UNIT}`,
  )
}
