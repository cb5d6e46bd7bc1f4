/**
 * npm run bench:release: what visitors meet while the site is released, two ways, measured the same
 * way (test/support/release-watch.ts: a browser visiting pages and moving inside the site, a client
 * fetching the home page and every script it names): the procedure before releases (nginx serving the
 * build's public/, the next build written over it), and `npm run release`/`npm run rollback`. Prints
 * both; `--write` writes the table into docs/deploying.md. The second is a test of `npm test`
 * (test/with-build/altered-copy.test.ts).
 */
import os from "node:os"
import { writeDocBlock } from "./doc-block"
import { type UnderLoad, describeWatched, inPlaceBuildUnderLoad, releasesUnderLoad } from "../support/release-watch"

const row = (procedure: string, { watched, switches }: UnderLoad) =>
  `| ${procedure} | ${watched.documents} | ${watched.moves} | ${watched.reloads} | ${watched.clientRounds} (${watched.clientRetries}) | ${watched.failedRequests.length} | ${watched.policyRefusals.length} | ${watched.mixed.length} | ${watched.unknownPages.length} | ${watched.errors.length} | ${switches.filter((line) => !line.startsWith("(")).join("; ")} |`

async function main() {
  const inPlace = await inPlaceBuildUnderLoad()
  console.log(`Built in place while served:\n${describeWatched(inPlace)}`)
  const releases = await releasesUnderLoad()
  console.log(`Released and rolled back:\n${describeWatched(releases)}`)
  const table = [
    `Measured ${new Date().toISOString().slice(0, 10)} on ${os.cpus().length} × ${os.cpus()[0].model.trim()}, Node ${process.version}: a browser visiting six pages in turn (each a new visitor, then a move through the page's header) and a client fetching the home page and every script it names, all the while. A request nginx refuses unprocessed while it reloads (HTTP/2's REFUSED_STREAM, on a connection an old worker is closing) is sent again, as browsers do; other errors are the browser's console errors and uncaught exceptions.`,
    "",
    "| procedure | pages loaded | moves inside the site | reloaded by Gatsby | client rounds (requests sent again) | failed requests | pages whose policy refused their code | pages of two builds | pages of no build | other errors | switches |",
    "| --- | --: | --: | --: | --: | --: | --: | --: | --: | --: | --- |",
    row("next build written over the served `public/`", inPlace),
    row("`npm run release` ×5, `npm run rollback`", releases),
  ].join("\n")
  console.log(`\n${table}`)
  if (process.argv.includes("--write")) writeDocBlock("deploying.md", "release", table)
}

main().catch((error: Error) => {
  console.error(error)
  process.exit(1)
})
