/**
 * The build server's workflow (.github/workflows/site.yml), checked offline: action-validator
 * (@action-validator/core: GitHub's workflow schema, and the jobs a job needs) finds no mistake in it,
 * and what it runs exists in the project.
 */
import fs from "node:fs"
import path from "node:path"
import { validateWorkflow } from "@action-validator/core"
import { parse } from "yaml"
import { describe, expect, it } from "vitest"
import { PREVIEW_STATUS_CONTEXT, RELEASE_CHECKED, RELEASE_HELD, RELEASE_STATUS_CONTEXT } from "../../contracts/statuses"
import { HELD_STATUS } from "../../deploy/release/stamp"
import { EXIT } from "../../deploy/release/commands/exit"
import { GATED } from "../../deploy/release/commands/gate"
import { PREVIEW_LINE } from "../../deploy/release/commands/preview"

const ROOT = path.resolve(__dirname, "../..")
const WORKFLOW = ".github/workflows/site.yml"
const text = fs.readFileSync(path.join(ROOT, WORKFLOW), "utf8")
const previewsText = fs.readFileSync(path.join(ROOT, ".github/workflows/previews.yml"), "utf8")

describe("the build server's workflow", () => {
  it("passes action-validator", () => {
    expect(validateWorkflow(text).errors).toEqual([])
  })

  it("is checked for real: a job that needs one that does not exist, or a misspelt key, is found", () => {
    expect(validateWorkflow(text.replace("needs: [publish, test]", "needs: [publish, tests]")).errors).toEqual([
      expect.objectContaining({ code: "unresolved_job", path: "/jobs/release/needs" }),
    ])
    expect(validateWorkflow(text.replace("timeout-minutes: 60", "timeout-minute: 60")).errors).toEqual([
      expect.objectContaining({ code: "one_of", path: "/jobs/test" }),
    ])
  })

  it("runs only npm scripts and files the project has", () => {
    const scripts = Object.keys(JSON.parse(fs.readFileSync(path.join(ROOT, "package.json"), "utf8")).scripts)
    const used = [...text.matchAll(/npm run ([\w:-]+)/g)].map(([, name]) => name)
    expect(used).toEqual(
      expect.arrayContaining(["content:check", "build", "publish:path", "publish:build", "artifact"]),
    )
    for (const name of used) expect(scripts, `npm run ${name}`).toContain(name)
    const files = [...text.matchAll(/(?:tsx|bash) ([\w./-]+\.(?:ts|sh)|\.ci\/run)/g)].map(([, file]) => file)
    expect(files).toEqual(expect.arrayContaining(["deploy/publish/preview-status.ts", ".ci/run"]))
    for (const file of files) expect(fs.existsSync(path.join(ROOT, file)), file).toBe(true)
  })

  const workflow = parse(text) as {
    jobs: Record<
      string,
      { needs?: string | string[]; if?: string; steps: Array<Record<string, any>>; concurrency?: { group: string } }
    >
  }
  const steps = Object.values(workflow.jobs).flatMap((job) => job.steps)
  const previews = parse(previewsText) as typeof workflow

  it("posts the release status under the context the CMS reads (contracts/statuses.ts), at every turn", () => {
    const statuses = steps
      .filter((step) => String(step.uses).startsWith("actions/github-script"))
      .map((step) => String(step.with.script))
      .filter((script) => script.includes("createCommitStatus"))
    expect(statuses.length).toBeGreaterThanOrEqual(5)
    // Named once, in the workflow's env, as the contract says; each status takes it from there.
    expect((parse(text) as { env: Record<string, string> }).env.RELEASE_STATUS_CONTEXT).toBe(RELEASE_STATUS_CONTEXT)
    for (const script of statuses) expect(script).toContain("context: process.env.RELEASE_STATUS_CONTEXT,")
    expect(text).not.toContain(`'${RELEASE_STATUS_CONTEXT}'`)
    for (const state of ["pending", "failure", "success"]) {
      expect(
        statuses.some((script) => script.includes(`state: '${state}'`)),
        state,
      ).toBe(true)
    }
  })

  it("posts the translations status on every draft and every change to main, once its content is read", () => {
    for (const name of ["preview", "publish"]) {
      const jobSteps = workflow.jobs[name].steps
      const posting = jobSteps.findIndex((step) => String(step.run).includes("deploy/publish/translations-status.ts"))
      expect(posting, name).toBeGreaterThan(jobSteps.findIndex((step) => step.run === "npm ci"))
      expect(String(jobSteps[posting].run)).toMatch(/--sha "\$(SHA|GITHUB_SHA)" --url "\$RUN_URL"/)
      // Never held back by an earlier step's outcome on the path: a warning, on every commit.
      expect(jobSteps[posting].if, name).toBeUndefined()
    }
  })

  it("releases the artifact that passed, hidden folders included, and never builds on the host", () => {
    const uploads = steps.filter(
      (step) => String(step.uses).startsWith("actions/upload-artifact") && step.with.name === "site",
    )
    expect(uploads).toHaveLength(3)
    for (const upload of uploads)
      expect(upload.with).toMatchObject({ name: "site", path: ".artifact", "include-hidden-files": true })
    const release = workflow.jobs.release
    expect(release.needs).toEqual(["publish", "test"])
    const commands = release.steps.map((step) => String(step.run ?? "")).join("\n")
    expect(commands).toContain("release.cjs' release --root")
    expect(commands).not.toMatch(/npm (ci|install|run build)/)
    expect(workflow.jobs.test.if).toBe("needs.publish.outputs.path == 'full'")
  })

  it("runs the calendar on a timer: builds only when due or to stage, the live commit at the decision's clock", () => {
    expect((parse(text) as { on: { schedule: Array<{ cron: string }> } }).on.schedule).toEqual([
      { cron: "2-59/10 * * * *" },
    ])
    const calendar = workflow.jobs.calendar
    const due = calendar.steps.find((step) => step.id === "due")!
    expect(due.run).toBe('npm run calendar:due -- --ahead "$AHEAD_MINUTES" --staged staged.json --held held.json')
    // Staging ahead only for the nginx host, whose own timer makes it live; the host's staged.json read first.
    expect(due.env).toEqual({
      AHEAD_MINUTES: "${{ vars.DEPLOY_TARGET == 'nginx' && env.STAGE_AHEAD != 'off' && '1440' || '' }}",
    })
    const before = calendar.steps
      .slice(0, calendar.steps.indexOf(due))
      .map((step) => String(step.run ?? ""))
      .join("\n")
    expect(before).toContain(`"cat '$DEPLOY_ROOT/staged.json' 2>/dev/null || true" > staged.json; then`)
    const after = calendar.steps.slice(calendar.steps.indexOf(due) + 1)
    for (const step of after) expect(step.if, String(step.name)).toBe("steps.due.outputs.build == 'true'")
    const build = after.find((step) => step.run === "npm run publish:build")!
    expect(build.env).toEqual({ SITE_CLOCK: "${{ steps.due.outputs.clock }}" })
    expect(after.map((step) => String(step.run ?? "")).join("\n")).toContain('git checkout --detach "$COMMIT"')
  })

  it("holds a publish the host refuses for the calendar, and has the calendar build it again at once", () => {
    expect((parse(text) as { env: Record<string, string> }).env.RELEASE_HELD).toBe(RELEASE_HELD)
    const release = workflow.jobs.release as (typeof workflow.jobs)[string] & { permissions: Record<string, string> }
    expect(release.permissions).toMatchObject({ actions: "write", statuses: "write" })
    const held = `if [ "$status" -eq ${HELD_STATUS} ]; then echo "held=true" >> "$GITHUB_OUTPUT"; exit 0; fi`
    for (const id of ["nginx", "stamp"]) expect(release.steps.find((step) => step.id === id)?.run, id).toContain(held)
    const pages = release.steps.find((step) => String(step.uses).startsWith("cloudflare/wrangler-action"))!
    expect(pages.if).toBe("vars.DEPLOY_TARGET == 'pages' && steps.stamp.outputs.held != 'true'")
    const live = release.steps.find((step) => step.name === 'Release status "live"')!
    expect(live.if).toBe("steps.nginx.outputs.held != 'true' && steps.stamp.outputs.held != 'true'")
    const holding = release.steps.find((step) => String(step.with?.script).includes("process.env.RELEASE_HELD"))!
    expect(holding.if).toBe("steps.nginx.outputs.held == 'true' || steps.stamp.outputs.held == 'true'")
    expect(holding.with.script).toContain("state: 'pending', description: `${process.env.RELEASE_HELD}:")
    expect(holding.with.script).toContain("createWorkflowDispatch({ ...context.repo, workflow_id: 'site.yml'")
    // The calendar's run lists the commits held, newest first, for calendar:due.
    const calendar = workflow.jobs.calendar as (typeof workflow.jobs)[string] & { permissions: Record<string, string> }
    expect(calendar.permissions).toMatchObject({ statuses: "read" })
    const listing = calendar.steps.find((step) => String(step.with?.script).includes("held.json"))!
    expect(listing.with.script).toContain("latest.description?.startsWith(process.env.RELEASE_HELD)")
    expect(calendar.steps.indexOf(listing)).toBeLessThan(calendar.steps.findIndex((step) => step.id === "due"))
  })

  it("releases one at a time whatever started it, and lists for the calendar a publish whose release never ran", () => {
    // One queue: no check of the live release and upload interleave (on Pages, the stamp's).
    expect(workflow.jobs["calendar-release"].concurrency).toEqual({ group: "release", "cancel-in-progress": false })
    expect(workflow.jobs.release.concurrency).toEqual({ group: "release", "cancel-in-progress": false })
    // Whichever path checked it says so once its artifact is made; a release the queue cancelled leaves it so.
    expect((parse(text) as { env: Record<string, string> }).env.RELEASE_CHECKED).toBe(RELEASE_CHECKED)
    for (const job of ["publish", "test"]) {
      const jobSteps = workflow.jobs[job].steps
      const upload = jobSteps.findIndex((step) => String(step.uses).startsWith("actions/upload-artifact"))
      const checked = jobSteps.findIndex((step) => String(step.with?.script).includes("process.env.RELEASE_CHECKED"))
      expect(checked, job).toBeGreaterThan(upload)
      expect(jobSteps[checked].with.script).toContain("state: 'pending', description: `${process.env.RELEASE_CHECKED}:")
    }
    const listing = workflow.jobs.calendar.steps.find((step) => String(step.with?.script).includes("held.json"))!
    expect(listing.with.script).toContain("latest.description?.startsWith(process.env.RELEASE_CHECKED)")
    expect(listing.with.script).toContain("Date.parse(latest.created_at) < stale")
  })

  it("releases the calendar's build only over the commit it replaces, named by it", () => {
    const release = workflow.jobs["calendar-release"]
    expect(release.needs).toBe("calendar")
    const commands = release.steps.map((step) => String(step.run ?? "")).join("\n")
    expect(commands).toContain(`how="--replacing '$REPLACING'"`)
    expect(commands).toContain(`if [ "$MODE" = stage ]; then how="--at '$CLOCK'"; fi`)
    expect(commands).toContain("release --root '$DEPLOY_ROOT' $how")
    expect(release.if).toBe("needs.calendar.outputs.build == 'true'")
    expect(commands).toContain('upload="$DEPLOY_ROOT/uploads/calendar-$NAME"')
    expect(commands).toContain('node site/release.cjs stamp --replacing "$REPLACING"')
    expect(release).toMatchObject({
      env: { COMMIT: "${{ needs.calendar.outputs.commit }}", REPLACING: "${{ needs.calendar.outputs.replacing }}" },
    })
    expect(commands).not.toMatch(/npm (ci|install|run build)/)
    const pages = release.steps.find((step) => String(step.uses).startsWith("cloudflare/wrangler-action"))!
    expect(String(pages.with?.command)).toContain("--commit-hash=${{ needs.calendar.outputs.commit }}")
  })

  it("builds a draft's preview at an address nobody can guess from its branch, which names the study", () => {
    const preview = workflow.jobs.preview
    const alias = preview.steps.find((step) => step.id === "alias")!
    expect(alias.run).toBe('echo "token=$(openssl rand -hex 12)" >> "$GITHUB_OUTPUT"')
    // On the nginx host: built under that token's path; the token travels with the build, as data.
    const built = preview.steps.find((step) => String(step.run).includes("npm run build:preview"))!
    expect(built.env.SITE_PREVIEW_TOKEN).toBe("${{ steps.alias.outputs.token }}")
    const packed = preview.steps.find((step) => String(step.run).includes(".preview/token"))!
    expect(packed.run).toContain("rm -rf .preview/public/admin")
    const upload = preview.steps.find((step) => String(step.uses).startsWith("actions/upload-artifact"))!
    expect(upload.with).toMatchObject({ name: "preview", path: ".preview" })
    const pages = previews.jobs.place.steps.find((step) => step.id === "pages")!
    expect(String(pages.with?.command)).toContain("--branch=preview-${{ steps.token.outputs.token }}")
    expect(String(pages.with?.command)).not.toContain("head_ref")
  })

  it("runs no draft's code where a secret is: a pull request's job holds none, and is in no environment", () => {
    const jobs = Object.entries(workflow.jobs).filter(([, job]) => String(job.if).includes("pull_request"))
    expect(jobs.map(([name]) => name)).toEqual(["preview"])
    for (const [name, job] of jobs) {
      const secrets = [...stringify(job).matchAll(/secrets\.(\w+)/g)].map(([, secret]) => secret)
      expect(new Set(secrets), name).toEqual(new Set(["GITHUB_TOKEN"]))
      expect((job as { environment?: string }).environment, name).toBeUndefined()
    }
    expect(Object.keys((parse(text) as { on: Record<string, unknown> }).on)).not.toContain("pull_request_target")
  })

  it("holds each secret in an environment of main's alone: the release key in production, the previews' in previews", () => {
    const allJobs = [...Object.entries(workflow.jobs), ...Object.entries(previews.jobs)]
    for (const [name, job] of allJobs) {
      const environment = (job as { environment?: string }).environment
      const secrets = new Set([...stringify(job).matchAll(/secrets\.(\w+)/g)].map(([, secret]) => secret))
      if (secrets.has("DEPLOY_SSH_KEY")) expect(environment, name).toBe("production")
      if (secrets.has("PREVIEW_SSH_KEY")) expect(environment, name).toBe("previews")
      if (secrets.has("CLOUDFLARE_API_TOKEN")) expect(["production", "previews"], name).toContain(environment)
      if (!environment)
        expect(
          [...secrets].filter((secret) => secret !== "GITHUB_TOKEN"),
          name,
        ).toEqual([])
    }
    for (const file of [text, previewsText]) {
      const header = file
        .split("\n")
        .filter((line) => line.startsWith("#"))
        .join("\n")
      expect(header).toMatch(/deployment branches are main alone/)
    }
  })

  it("places a preview with main's code alone: the artifact as data, through the previews' key and its four commands", () => {
    expect(validateWorkflow(previewsText).errors).toEqual([])
    const on = (parse(previewsText) as { on: Record<string, unknown> }).on
    expect(Object.keys(on).sort()).toEqual(["pull_request_target", "schedule", "workflow_run"])
    expect(on.workflow_run).toEqual({ workflows: ["Site"], types: ["completed"] })
    const place = previews.jobs.place
    const commands = place.steps.map((step) => String(step.run ?? "")).join("\n")
    // Nothing of the draft runs: no npm, no Node, no script it brought.
    expect(commands).not.toMatch(/\b(npm|npx|node|tsx|bash|sh)\b|release\.cjs|preview\/[\w.-]+\.(?:c?js|sh)\b/)
    for (const job of Object.values(previews.jobs))
      for (const step of job.steps.filter((step) => String(step.uses).startsWith("actions/checkout")))
        expect(step.with).toEqual({
          "sparse-checkout": "content/site/settings.json",
          "sparse-checkout-cone-mode": false,
          path: "main",
        })
    // The token is the artifact's, so data: taken only as 24 hexadecimal characters, the whole file.
    expect(place.steps.find((step) => step.id === "token")!.run).toContain('[[ "$token" =~ ^[0-9a-f]{24}$ ]]')
    const download = place.steps.find((step) => step.id === "download")!
    expect(download.with).toMatchObject({ name: "preview", "run-id": "${{ github.event.workflow_run.id }}" })
    // Who and when come from GitHub's event, never from the draft's files.
    expect((place as unknown as { env: Record<string, string> }).env).toEqual({
      PULL: "${{ github.event.workflow_run.pull_requests[0].number }}",
      SHA: "${{ github.event.workflow_run.head_sha }}",
      CHANGED_AT: "${{ github.event.workflow_run.created_at }}",
    })
    expect(place.if).toContain("github.event.workflow_run.head_repository.full_name == github.repository")
    const asked = [...previewsText.matchAll(/ssh "\$DEPLOY_HOST" "?([\w-]+)/g)].map(([, command]) => command)
    expect(new Set(asked)).toEqual(new Set(Object.keys(GATED)))
    expect(commands).toContain('ssh "$DEPLOY_HOST" preview-lacks < preview/files.json > lacks.txt')
    expect(commands).toContain("tar -C preview -cf upload.tar -T lacks.txt")
    expect(commands).toContain(
      'ssh "$DEPLOY_HOST" "preview --pull $PULL --token $TOKEN --at $CHANGED_AT --keep-previews $PREVIEWS_KEPT --previews-disk-mb $PREVIEWS_DISK_MB" < upload.tar > placed.txt || status=$?',
    )
    expect(commands).toContain(`if [ "$status" -eq ${EXIT.notPreviewed} ]; then`)
    // The address as the host says it, on the line the command prints it on.
    const env = (parse(previewsText) as { env: Record<string, string> }).env
    expect(env.PREVIEW_LINE).toBe(PREVIEW_LINE)
    expect(env.PREVIEW_STATUS_CONTEXT).toBe(PREVIEW_STATUS_CONTEXT)
    expect(commands).toContain('sed -n "s#^$PREVIEW_LINE##p" placed.txt')
  })

  it("removes a draft's previews from the nginx host when it closes, and reconciles on a timer", () => {
    const closed = previews.jobs.closed
    expect(closed.if).toContain("github.event_name == 'pull_request_target'")
    expect(closed.steps.some((step) => String(step.uses).startsWith("actions/checkout"))).toBe(false)
    expect(closed.steps[0].run).toContain('ssh "$DEPLOY_HOST" "preview-closed --pull $PULL --at $CLOSED_AT"')
    expect(closed.steps[0].env.CLOSED_AT).toBe("${{ github.event.pull_request.closed_at }}")
    const reconcile = previews.jobs.reconcile.steps.map((step) => String(step.run ?? "")).join("\n")
    expect(reconcile).toContain('ssh "$DEPLOY_HOST" "previews --open=$open --at $at"')
  })

  it("uploads to the nginx host only the files the live release lacks, in both releases and the previews", () => {
    for (const job of [workflow.jobs.release, workflow.jobs["calendar-release"]]) {
      const commands = job.steps.map((step) => String(step.run ?? "")).join("\n")
      expect(commands).toContain(`"cat '$DEPLOY_ROOT/live/files.json' 2>/dev/null || true" > live-files.json`)
      expect(commands).toContain(`node site/release.cjs upload-list --live live-files.json > upload-list.txt`)
      expect(commands).toContain(`tar -C site -cz -T upload-list.txt | ssh`)
      expect(commands).not.toContain(`tar -C site -cz . |`)
      // What a run cancelled mid-way left is removed before the next upload.
      expect(commands).toContain(`"rm -rf '$DEPLOY_ROOT/uploads' && mkdir -p '$upload'`)
    }
  })
})

/** A job as text, every value it names. */
const stringify = (job: unknown) => JSON.stringify(job)
