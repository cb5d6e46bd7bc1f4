// The mutation score of `npm run test:mutation`: its three runs' reports (stryker.config.mjs over the
// decision modules, stryker.content.config.mjs over the content rules, stryker.photos.config.mjs over
// the photo verdict) added up, a line a module and
// the total, as docs/testing.md ("Mutation testing") shows them. Fails under the break threshold.
// Usage: node scripts/mutation-score.mjs [report.json...]
import fs from "node:fs"
import { fileURLToPath } from "node:url"

/** The share of mutants killed a run must reach (stryker.config.mjs, thresholds.break). */
export const BREAK_AT = 85

const KILLED = new Set(["Killed", "Timeout"])
/** Mutants that count: those a test could have killed (not ignored, not a compile or runtime error). */
const COUNTED = new Set(["Killed", "Timeout", "Survived", "NoCoverage"])

/**
 * Each module's mutants by fate, and the total, from Stryker's JSON reports (mutation-testing-report-schema).
 * @param {Array<{ files: Record<string, { mutants: Array<{ status: string }> }> }>} reports
 */
export function mutationScore(reports) {
  const rows = reports.flatMap((report) =>
    Object.entries(report.files).map(([file, { mutants }]) => {
      const counted = mutants.filter((mutant) => COUNTED.has(mutant.status))
      const count = (/** @type {string} */ status) => counted.filter((mutant) => mutant.status === status).length
      return {
        file,
        mutants: counted.length,
        killed: counted.filter((mutant) => KILLED.has(mutant.status)).length,
        survived: count("Survived"),
        noCoverage: count("NoCoverage"),
      }
    }),
  )
  const sum = (/** @type {"mutants" | "killed" | "survived" | "noCoverage"} */ key) =>
    rows.reduce((total, row) => total + row[key], 0)
  const total = {
    mutants: sum("mutants"),
    killed: sum("killed"),
    survived: sum("survived"),
    noCoverage: sum("noCoverage"),
  }
  const percent = (/** @type {number} */ part, /** @type {number} */ whole) =>
    whole === 0 ? 100 : (100 * part) / whole
  return {
    rows: rows
      .map((row) => ({
        ...row,
        score: percent(row.killed, row.mutants),
        ofReached: percent(row.killed, row.mutants - row.noCoverage),
      }))
      .sort((a, b) => b.score - a.score || a.file.localeCompare(b.file)),
    total: {
      ...total,
      score: percent(total.killed, total.mutants),
      ofReached: percent(total.killed, total.mutants - total.noCoverage),
    },
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const files = process.argv.slice(2)
  const paths =
    files.length > 0
      ? files
      : [".tmp/mutation/mutation.json", ".tmp/mutation/content-mutation.json", ".tmp/mutation/photos-mutation.json"]
  const { rows, total } = mutationScore(paths.map((file) => JSON.parse(fs.readFileSync(file, "utf8"))))
  const line = (
    /** @type {{ file: string, score: number, ofReached: number, survived: number, noCoverage: number }} */ row,
  ) =>
    `${row.score.toFixed(1).padStart(6)}% ${row.ofReached.toFixed(1).padStart(6)}% ${String(row.survived).padStart(5)} ${String(row.noCoverage).padStart(6)}  ${row.file}`
  console.log(" killed  reached  surv. no cov.  module")
  for (const row of rows) console.log(line(row))
  console.log(line({ ...total, file: `all: ${total.killed} of ${total.mutants} mutants killed` }))
  if (total.score < BREAK_AT) {
    console.log(`The mutation score ${total.score.toFixed(2)}% is under ${BREAK_AT}%.`)
    process.exitCode = 1
  }
}
