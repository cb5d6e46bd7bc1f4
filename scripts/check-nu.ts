/**
 * The W3C Nu Html Checker (npm vnu-jar, run by Debian's Java) over every page the build wrote, the
 * not-found pages and the CMS's page: an independent reading of the HTML, which sees what
 * html-validate does not (bytes such as U+0000, a section or article without a heading). Prints each
 * error and warning as `page line:column message` and exits 1 if there is any. Its notes ("info"
 * without the warning subtype, such as the trailing slash React writes on void elements) are style,
 * not faults, and pass.
 */
import { spawnSync } from "node:child_process"
import path from "node:path"
import { builtPages } from "../gatsby/built-pages"
import { ensureSystemPackage } from "./lib/system-packages"

const PUBLIC = path.resolve(process.argv[2] ?? "public")
const VNU_JAR = path.resolve(__dirname, "../node_modules/vnu-jar/build/dist/vnu.jar")

interface NuMessage {
  type: "error" | "info" | "non-document-error"
  subType?: string
  url?: string
  lastLine?: number
  firstColumn?: number
  message: string
}

/** What the checker says of the files, as its JSON report; the checker's own failure throws. */
export function nuMessages(files: readonly string[]): NuMessage[] {
  const java = ensureSystemPackage("java")
  const run = spawnSync(java, ["-jar", VNU_JAR, "--format", "json", "--exit-zero-always", ...files], {
    encoding: "utf8",
    maxBuffer: 64 * 1024 * 1024,
  })
  if (run.status !== 0) throw new Error(`The Nu Html Checker did not run (exit ${run.status}):\n${run.stderr}`)
  return (JSON.parse(run.stderr) as { messages: NuMessage[] }).messages
}

/** A fault: an error, or a warning. */
export const isFault = (message: NuMessage) => message.type !== "info" || message.subType === "warning"

function main() {
  const pages = [...builtPages(PUBLIC), path.join(PUBLIC, "admin/index.html")]
  const faults = nuMessages(pages).filter(isFault)
  for (const fault of faults) {
    const file = fault.url ? path.relative(PUBLIC, new URL(fault.url).pathname) : "(no file)"
    const kind = fault.type === "info" ? "warning" : fault.type
    console.error(`${file} ${fault.lastLine ?? 0}:${fault.firstColumn ?? 0} ${kind}: ${fault.message}`)
  }
  console.log(
    `Nu Html Checker: ${pages.length} pages, ${faults.length} error${faults.length === 1 ? "" : "s"} or warning${faults.length === 1 ? "" : "s"}`,
  )
  if (faults.length > 0) process.exitCode = 1
}

if (require.main === module) main()
