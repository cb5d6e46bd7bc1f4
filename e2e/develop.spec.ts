/**
 * The development site an editor runs beside the CMS (`npm run cms` starts `gatsby develop`): it opens
 * with no error dialog and no console error. `gatsby develop` runs in a copy of the project, so it
 * never touches the production build the other specs serve.
 */
import { type ChildProcess, spawn } from "node:child_process"
import fs from "node:fs"
import path from "node:path"
import { expect, test } from "@playwright/test"
import { projectCopy } from "../scripts/lib/project-copy"
import { waitForServer } from "../scripts/lib/wait-for-server"
import { freePort } from "../scripts/lib/free-port"
import { collectErrors } from "./page-errors"

const ROUTES = ["/", "/case-studies/wine/", "/book-demo/"]

let dir: string
let server: ChildProcess
let origin: string

test.describe.configure({ mode: "serial", timeout: 300_000 })

test.beforeAll(async () => {
  test.setTimeout(300_000)
  dir = projectCopy()
  const port = await freePort()
  origin = `http://127.0.0.1:${port}`
  server = spawn(
    process.execPath,
    [path.join(dir, "node_modules/gatsby/cli.js"), "develop", "--port", String(port), "--host", "127.0.0.1"],
    {
      cwd: dir,
      env: { ...process.env, GATSBY_TELEMETRY_DISABLED: "1", NO_COLOR: "1" },
      stdio: "ignore",
      detached: true,
    },
  )
  await waitForServer(`${origin}/`, {
    name: "gatsby develop",
    timeoutMs: 240_000,
    ready: (response) => response.ok,
    failed: () => (server.exitCode === null ? undefined : `exit ${server.exitCode}`),
  })
})

test.afterAll(() => {
  if (server?.pid) process.kill(-server.pid, "SIGTERM")
  if (dir) fs.rmSync(dir, { recursive: true, force: true })
})

test("the development site opens with no error dialog and no console error", async ({ page }) => {
  const errors = collectErrors(page)
  for (const route of ROUTES) {
    await page.goto(`${origin}${route}`)
    await expect(page.getByRole("heading", { level: 1 }).first(), route).toBeVisible({ timeout: 60_000 })
    await page.waitForLoadState("networkidle")
    // Gatsby's development overlay, which lists runtime errors over the page.
    await expect(page.getByText(/Unhandled Runtime Error|Failed to compile/i), route).toHaveCount(0)
  }
  expect(errors).toEqual([])
})
