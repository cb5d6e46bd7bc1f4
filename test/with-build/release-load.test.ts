/**
 * Releases and a rollback while visitors keep coming (test/support/release-watch.ts): a browser visiting
 * pages and moving inside the site, a client fetching the home page and every script it names. Two
 * builds take turns: public/ and a copy with other texts and other code (so other script names), the
 * copy built by a release while the visitors browse. Nothing a visitor meets may fail: no request,
 * no page whose policy refuses its own code, no page made of two builds' files. The procedure before
 * releases, measured the same way (npm run bench:release), fails each.
 */
import { expect, it } from "vitest"
import { BUILD_TIMEOUT_MS } from "../support/project-copy"
import { describeWatched, releasesUnderLoad } from "../support/release-watch"

it(
  "releases and rolls back while visitors browse: no failed request, no refused code, no page of two builds",
  async () => {
    const measured = await releasesUnderLoad()
    console.log(`Releases under load:\n${describeWatched(measured)}`)
    const { watched } = measured
    expect(watched.documents).toBeGreaterThan(10)
    expect(watched.clientRounds).toBeGreaterThan(10)
    expect(watched.failedRequests).toEqual([])
    expect(watched.policyRefusals).toEqual([])
    expect(watched.mixed).toEqual([])
    expect(watched.unknownPages).toEqual([])
    expect(watched.errors).toEqual([])
  },
  BUILD_TIMEOUT_MS + 120_000,
)
