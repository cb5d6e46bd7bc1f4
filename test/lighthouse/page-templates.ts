/**
 * Each route of a build and its template in its language, as JSON on standard output
 * (`{ "/fr/book-demo/": "component---src-pages-book-demo-tsx fr", … }`): what the Lighthouse gate
 * audits one route of (test/lighthouse/verdict.mjs, `routesToAudit`). Read through the build's own
 * record of its pages (build-steps/post-build/changed-pages.ts), which keeps what Gatsby does not promise
 * behind build-steps/gatsby-internals.ts. Run by Node with tsx: node --import tsx test/lighthouse/page-templates.ts <public dir>
 */
import { addressOf, pageParts } from "../../build-steps/post-build/changed-pages"

const [publicDir] = process.argv.slice(2)
if (!publicDir) throw new Error("usage: page-templates.ts <public dir>")
const templates = Object.fromEntries(
  [...pageParts(publicDir)].map(([htmlFile, { template }]) => [addressOf(htmlFile), template]),
)
process.stdout.write(`${JSON.stringify(templates)}\n`)
