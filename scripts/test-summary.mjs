// Prints one closing line over the unit and browser test reports: "Tests: N passed, N failed".
import fs from "node:fs"

const [vitestFile, playwrightFile] = process.argv.slice(2)
const vitest = JSON.parse(fs.readFileSync(vitestFile, "utf8"))
const playwright = JSON.parse(fs.readFileSync(playwrightFile, "utf8")).stats

const passed = vitest.numPassedTests + playwright.expected + playwright.flaky
const failed = vitest.numFailedTests + playwright.unexpected
const skipped = vitest.numPendingTests + vitest.numTodoTests + playwright.skipped
console.log(`unit: ${vitest.numPassedTests} passed, ${vitest.numFailedTests} failed`)
console.log(`browser: ${playwright.expected + playwright.flaky} passed, ${playwright.unexpected} failed`)
console.log(`Tests: ${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ""}`)
process.exit(failed > 0 || passed === 0 ? 1 : 0)
