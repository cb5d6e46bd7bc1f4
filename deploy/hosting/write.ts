/**
 * After the build (gatsby-node onPostBuild, once the pages' HTML is final, each with its own
 * Content-Security-Policy: page-policy.ts, gatsby/finish-pages.ts): the hosting policy read from public/,
 * written for a CDN (public/_headers, public/_redirects); for an nginx host, the CMS sign-in service
 * (.hosting/cms-auth.mjs). nginx's own configuration names the folder it serves, so each release
 * writes its own (deploy/release/releases.ts, from the same policy). On the CDN the sign-in is the Pages
 * Functions in functions/.
 */
import type { BuildArgs } from "gatsby"
import fs from "node:fs"
import path from "node:path"
import { headersFile, redirectsFile } from "./cdn"
import { hostingPolicy } from "./policy"
import { AUTH_SCRIPT, writeAuthService } from "../auth/service-files"
import { projectDirectory, publicDirectory } from "../../gatsby/internals"

export const HOSTING_DIR = ".hosting"

export async function writeHostingFiles({ store, reporter }: BuildArgs): Promise<void> {
  const publicDir = publicDirectory(store)
  const policy = hostingPolicy(publicDir)
  fs.writeFileSync(path.join(publicDir, "_headers"), headersFile(policy))
  fs.writeFileSync(path.join(publicDir, "_redirects"), redirectsFile(policy))
  const target = path.join(projectDirectory(store), HOSTING_DIR)
  fs.mkdirSync(target, { recursive: true })
  await writeAuthService(target)
  reporter.info(
    `Hosting rules: ${policy.pages.length} pages, ${policy.immutable.bundles.length} hashed bundles; wrote public/_headers, public/_redirects, ${HOSTING_DIR}/${AUTH_SCRIPT}`,
  )
}
