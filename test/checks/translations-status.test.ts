/**
 * The build server's translations status (deploy/publish/translations-status.ts), run as the workflow
 * runs it, against the stand-in for GitHub: a success in every case, saying how many translations are
 * to check and which.
 */
import path from "node:path"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { CMS_REPOSITORY } from "../../cms/config"
import { TRANSLATIONS_STATUS_CONTEXT } from "../../contracts/statuses"
import { translationsDescription } from "../../deploy/publish/translations-status"
import { type GitHubStandIn, startGitHubStandIn } from "../support/github-stand-in"
import { contentFixture } from "../content/fixture"
import { runCommand } from "../support/run-command"

const ROOT = path.resolve(__dirname, "../..")
const [OWNER, NAME] = CMS_REPOSITORY.split("/")
let github: GitHubStandIn
let sha: string

beforeAll(async () => {
  github = await startGitHubStandIn({
    seed: { from: ROOT, folders: ["content/site"] },
    clientId: "id",
    clientSecret: "secret",
    owner: OWNER,
    name: NAME,
    login: "camille",
  })
  sha = github.git("rev-parse", "main")
})

afterAll(async () => {
  await github?.close()
})

/** The script in the folder holding content/, as the workflow runs it; then the status GitHub keeps. */
async function postFrom(cwd: string) {
  const token = github.issueToken()
  // Run apart, the test going on meanwhile: the stand-in answering the script is in this process.
  const run = await runCommand(
    process.execPath,
    [
      path.join(ROOT, "node_modules/tsx/dist/cli.mjs"),
      path.join(ROOT, "deploy/publish/translations-status.ts"),
      ...["--sha", sha, "--url", "https://github.com/aurelle-intelligence/site/actions/runs/7"],
    ],
    { cwd, env: { GITHUB_TOKEN: token, GITHUB_REPOSITORY: CMS_REPOSITORY, GITHUB_API_URL: github.apiUrl } },
  ).done
  expect(run.status, run.output).toBe(0)
  const response = await fetch(`${github.apiUrl}/repos/${CMS_REPOSITORY}/commits/${sha}/statuses`, {
    headers: { Authorization: `Bearer ${token}` },
  })
  const statuses = (await response.json()) as Array<{ context: string; state: string; description: string }>
  return statuses.find(({ context }) => context === TRANSLATIONS_STATUS_CONTEXT)!
}

describe("the translations status", () => {
  it("names each translation to check, and stays a success", async () => {
    const fixture = contentFixture()
    fixture.edit("case-studies/wine.json", (data) => {
      data.translatedFrom = { fr: { title: data.title, task: data.task } }
      data.title = "Allocating a Grand Cru Across Four Continents"
      data.task = "Trace every allocation to its final market."
    })
    const status = await postFrom(path.dirname(fixture.root))
    expect(status).toMatchObject({
      state: "success",
      // The fixture is no repository: said, with what the files' own records name.
      description: expect.stringMatching(
        /^History not read \(no repository\): by the files' own records, 2 translations to check: fr\.title in case-studies\/wine\.json, fr\.task/,
      ),
    })
  }, 60_000)

  it("says every translation follows its English when none is to check", async () => {
    expect(await postFrom(ROOT)).toMatchObject({
      state: "success",
      description: "Every translation follows its English",
    })
  }, 60_000)

  it("keeps within the 140 characters GitHub keeps, the count first", () => {
    const many = Array.from({ length: 30 }, (_, index) => ({
      file: `content/case-studies/study-${index}.json`,
      path: "fr.result",
      message: "",
    }))
    expect(translationsDescription(many)).toMatch(
      /^30 translations to check: fr\.result in case-studies\/study-0\.json/,
    )
  })
})
