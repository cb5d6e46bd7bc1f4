/**
 * Counts the Gatsby builds a run of the suite makes, wherever they start (a test's copy, the publish
 * path, the release command): loaded into every Node process of `npm test` by NODE_OPTIONS (scripts/test.sh),
 * it does nothing but in a process running `gatsby build`, which appends one line to the file
 * GATSBY_BUILDS_LOG names when it exits: its folder, its exit status and its seconds. The suite's
 * cost (scripts/suite-cost.mjs) counts them: a build that exits 0 is a full build; one that stops (invalid
 * content) is counted apart. Plain CommonJS: it runs before any loader.
 */
const fs = require("node:fs")

const log = process.env.GATSBY_BUILDS_LOG
const script = (process.argv[1] ?? "").split("\\").join("/")
if (log && /\/node_modules\/(gatsby\/cli\.js|\.bin\/gatsby)$/.test(script) && process.argv[2] === "build") {
  const started = Date.now()
  process.on("exit", (code) => {
    const line = { folder: process.cwd(), status: code, seconds: Math.round((Date.now() - started) / 100) / 10 }
    fs.appendFileSync(log, `${JSON.stringify(line)}\n`)
  })
}
