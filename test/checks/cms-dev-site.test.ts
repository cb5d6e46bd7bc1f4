/** The development site npm test starts for the CMS's spec, as the spec reads it from CMS_DEV_SITE. */
import { describe, expect, it } from "vitest"
import { parseCmsDevSite } from "../support/cms-dev-site"

describe("CMS_DEV_SITE", () => {
  it("names the copy, the local address and the process group test/support/cms-dev-site.ts printed", () => {
    const printed = JSON.stringify({ dir: "/tmp/aurelle-build-x", origin: "http://localhost:41234", pid: 4242 })
    expect(parseCmsDevSite(printed)).toEqual({
      dir: "/tmp/aurelle-build-x",
      origin: "http://localhost:41234",
      pid: 4242,
    })
  })

  it("is refused in words naming where it came from when it is not such a site", () => {
    expect(() => parseCmsDevSite("started")).toThrow("CMS_DEV_SITE is not JSON: started")
    for (const site of [
      { dir: "/tmp/x", origin: "https://example.com", pid: 1 },
      { dir: "/tmp/x", origin: "http://localhost:1", pid: -3 },
      { origin: "http://localhost:1", pid: 3 },
      null,
    ])
      expect(() => parseCmsDevSite(JSON.stringify(site), "--stop's argument")).toThrow(
        /^--stop's argument does not name a development site/,
      )
  })
})
