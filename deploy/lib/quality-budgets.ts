/** quality-budgets.json, the one file every budget of `npm test` lives in, as the scripts read it. */
import fs from "node:fs"
import path from "node:path"

export interface QualityBudgets {
  bytes: {
    firstLoadJsKb: number
    homeTotalKb: number
    adminScriptKb: number
  }
  load: {
    nginxOverGatsbyServe: number
    precompressedOverOnTheFly: Record<string, number>
    redirectOverHomePage: number
  }
  lighthouse: {
    runs: Record<"mobile" | "desktop", number> & {
      confirm: Record<"mobile" | "desktop", number>
    }
  }
}

export const qualityBudgets = (): QualityBudgets =>
  JSON.parse(fs.readFileSync(path.resolve(__dirname, "../../quality-budgets.json"), "utf8")) as QualityBudgets
