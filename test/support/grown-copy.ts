/**
 * The grown site (e2e/scale.spec.ts): a copy of the project (test/support/project-copy.ts) holding
 * `studies` case studies in both languages (test/support/scale-content.ts), built by the real
 * `gatsby build`. Run as a script by `npm test` (scripts/test.sh) beside the engines' gate, whose
 * browsers leave the host's two cores half idle, so that the scale gate finds its copy built
 * (SCALE_BUILD); the scale spec builds one itself when run alone.
 * Usage: node --import tsx test/support/grown-copy.ts — prints the copy's folder on its last line,
 * and exits with the build's status.
 */
import { addCaseStudies } from "./scale-content"
import { buildCopy, projectCopy } from "./project-copy"

/** How many studies the grown site holds: SCALE_STUDIES, or 60 (past the 31 that once stopped every build). */
export const grownStudies = (env: NodeJS.ProcessEnv = process.env): number => Number(env.SCALE_STUDIES ?? 60)

/** Makes and builds the grown copy; its folder, and the build's status and output. */
export async function buildGrownCopy(studies: number): Promise<{ dir: string; status: number | null; output: string }> {
  const dir = projectCopy()
  addCaseStudies(dir, studies)
  return { dir, ...(await buildCopy(dir)) }
}

if (require.main === module) {
  void buildGrownCopy(grownStudies()).then(({ dir, status, output }) => {
    if (status !== 0) console.error(output.slice(-3000))
    console.log(dir)
    process.exitCode = status ?? 1
  })
}
