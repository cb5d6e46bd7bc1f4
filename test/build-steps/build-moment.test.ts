/**
 * A build runs for a while, and the real clock moves on meanwhile. When a study's goLiveAt falls
 * inside a build, the build must still be of one moment: the nodes it makes, the pages it creates
 * from them and the record of what it serves (.hosting/calendar.json, which the release judges) all
 * say the same of that study. Gatsby's Node hooks (gatsby-node.ts) are called here in Gatsby's order,
 * with stand-ins for its actions, and Date.now advancing between calls.
 */
import crypto from "node:crypto"
import fs from "node:fs"
import path from "node:path"
import { afterAll, describe, expect, it, vi } from "vitest"

const fixture = vi.hoisted(() => {
  /* eslint-disable @typescript-eslint/no-require-imports */
  const fs = require("node:fs") as typeof import("node:fs")
  const os = require("node:os") as typeof import("node:os")
  const path = require("node:path") as typeof import("node:path")
  /* eslint-enable @typescript-eslint/no-require-imports */
  const project = fs.mkdtempSync(path.join(os.tmpdir(), "aurelle-moment-"))
  const content = path.join(project, "content")
  fs.cpSync(path.resolve(__dirname, "../../content"), content, { recursive: true })
  return { project, content }
})

vi.mock("../../build-steps/paths", () => ({ CONTENT_DIR: fixture.content, IMAGES_FOLDER: "images" }))
// What onPostBootstrap writes beside the pages (the admin, the web manifest) is not this test's.
vi.mock("../../cms/admin", () => ({ writeAdmin: async () => {}, serveAdminInDevelopment: () => {} }))
vi.mock("../../gatsby/web-manifest", () => ({ writeWebManifest: async () => {} }))

// The study whose time comes during the build: its window opens two seconds after the build starts.
const GO_LIVE = new Date("2027-03-01T09:00:00Z")
// The first study file Gatsby makes nodes of; those made after it are made once its time has come.
const STUDY_FILE = "case-studies/cruises.json"

const fileStampOf = (stat: fs.Stats) => `${stat.size} ${stat.mtime.toJSON()}`

afterAll(() => {
  vi.useRealTimers()
  fs.rmSync(fixture.project, { recursive: true, force: true })
})

interface StandInNode {
  id: string
  parent?: string | null
  children: string[]
  internal: { type: string; contentDigest: string; owner?: string }
  [field: string]: unknown
}

/** Gatsby's node store and the actions the site's hooks call, as plain values. */
function gatsbyStandIn() {
  const nodes = new Map<string, StandInNode>()
  const pages: string[] = []
  const reads: string[] = []
  const hash = (value: unknown) => crypto.createHash("md5").update(JSON.stringify(value)).digest("hex")
  const actions = {
    createNode: (node: StandInNode) =>
      nodes.set(node.id, { ...node, internal: { ...node.internal, owner: "default-site-plugin" } }),
    deleteNode: (node: StandInNode) => nodes.delete(node.id),
    createParentChildLink: ({ parent, child }: { parent: StandInNode; child: StandInNode }) => {
      if (!parent.children.includes(child.id)) parent.children.push(child.id)
    },
    createPage: ({ path }: { path: string }) => pages.push(path),
  }
  const reporter = {
    info: () => {},
    warn: () => {},
    panic: (message: string) => {
      throw new Error(message)
    },
    panicOnBuild: (message: string) => {
      throw new Error(message)
    },
  }
  const args = {
    actions,
    reporter,
    store: { getState: () => ({ program: { directory: fixture.project } }) },
    createNodeId: (seed: string) => hash(seed),
    createContentDigest: hash,
    getNode: (id: string) => nodes.get(id),
    getNodesByType: (type: string) => [...nodes.values()].filter((node) => node.internal.type === type),
    // Counted: the hooks read no content file the build's context holds already.
    loadNodeContent: async (node: StandInNode) => {
      reads.push(String(node.relativePath))
      return fs.readFileSync(String(node.absolutePath), "utf8")
    },
    // The query of createPages (the case studies, the legal pages), answered from the nodes made.
    graphql: async () => ({
      data: {
        allCaseStudy: {
          nodes: [...nodes.values()]
            .filter((node) => node.internal.type === "CaseStudy")
            .sort((a, b) => Number(a.order) - Number(b.order)),
        },
        // fileName is a field Gatsby resolves from the node's file (gatsby/content/graphql.ts).
        allLegalPage: {
          nodes: [...nodes.values()]
            .filter((node) => node.internal.type === "LegalPage")
            .map((node) => ({
              ...node,
              fileName: path.basename(String(nodes.get(String(node.parent))?.relativePath), ".json"),
            })),
        },
      },
    }),
  }
  const fileNodes = fs
    .readdirSync(fixture.content, { recursive: true, encoding: "utf8" })
    .filter((relative) => relative.endsWith(".json") && !relative.startsWith("schemas"))
    .sort()
    .map((relative): StandInNode => {
      const absolutePath = path.join(fixture.content, relative)
      const stat = fs.statSync(absolutePath)
      return {
        id: `File ${relative}`,
        children: [],
        internal: { type: "File", contentDigest: hash(fs.readFileSync(absolutePath, "utf8")) },
        sourceInstanceName: "content",
        relativePath: relative.split(path.sep).join("/"),
        extension: "json",
        absolutePath,
        // As gatsby-source-filesystem writes them: the file's size and its modification time.
        size: stat.size,
        modifiedTime: stat.mtime.toJSON(),
      }
    })
  for (const node of fileNodes) nodes.set(node.id, node)
  return { args, nodes, pages, fileNodes, reads }
}

describe("a build across a study's goLiveAt, with the real clock moving", () => {
  it("makes the study's nodes, its pages and the record of what it serves at one moment", async () => {
    const study = JSON.parse(fs.readFileSync(path.join(fixture.content, STUDY_FILE), "utf8"))
    study.en.goLiveAt = GO_LIVE.toISOString()
    fs.writeFileSync(path.join(fixture.content, STUDY_FILE), JSON.stringify(study, null, 2))
    const slug: string = study.en.slug

    vi.useFakeTimers({ toFake: ["Date"] })
    vi.setSystemTime(GO_LIVE.getTime() - 2_000)
    const gatsbyNode = await import("../../gatsby-node")
    const { args, nodes, pages, fileNodes, reads } = gatsbyStandIn()
    const step = () => vi.setSystemTime(Date.now() + 1_000)

    await gatsbyNode.onPreBootstrap!(args as never, {} as never, () => {})
    step()
    // Gatsby makes the File nodes one by one; the clock passes goLiveAt while it does.
    for (const node of fileNodes) {
      await gatsbyNode.onCreateNode!({ ...args, node } as never, {} as never, () => {})
      step()
    }
    await gatsbyNode.sourceNodes!(args as never, {} as never, () => {})
    step()
    await gatsbyNode.createPages!(args as never, {} as never, () => {})
    expect(Date.now()).toBeGreaterThan(GO_LIVE.getTime())

    const record = JSON.parse(fs.readFileSync(path.join(fixture.project, ".hosting/calendar.json"), "utf8"))
    const studyNodes = [...nodes.values()].filter((node) => node.internal.type === "CaseStudy" && node.slug === slug)
    const studyPages = pages.filter((page) => page.endsWith(`/case-studies/${slug}/`))
    const served = record.serves.includes(slug)
    // Whichever moment the build is of, all three say the same of the study.
    expect({ nodes: studyNodes.length > 0, pages: studyPages.length > 0 }).toEqual({ nodes: served, pages: served })
    // The legal pages, each at its file's name in each language.
    expect(pages.filter((page) => /(privacy|terms)/.test(page)).sort()).toEqual([
      "/fr/privacy-policy/",
      "/fr/terms-of-service/",
      "/privacy-policy/",
      "/terms-of-service/",
    ])
    // And the build is of the moment it started: the study was not live yet.
    expect(new Date(record.clock).getTime()).toBeLessThan(GO_LIVE.getTime())
    expect(served).toBe(false)
    // The context read each content file once: no hook read one again.
    expect(reads).toEqual([])
    // Its first import of gatsby-node reads the whole build's modules: about a second alone, 5.0 s once
    // beside the build tests of a full run on two cores.
  }, 30_000)

  it("makes a new context under gatsby develop when a study is saved with other text, even of the same size and time", async () => {
    vi.setSystemTime(GO_LIVE.getTime() - 60_000)
    const gatsbyNode = await import("../../gatsby-node")
    const { args, nodes, fileNodes } = gatsbyStandIn()
    await gatsbyNode.onPreBootstrap!(args as never, {} as never, () => {})
    for (const node of fileNodes) await gatsbyNode.onCreateNode!({ ...args, node } as never, {} as never, () => {})
    await gatsbyNode.sourceNodes!(args as never, {} as never, () => {})
    await gatsbyNode.onPostBootstrap!(args as never, {} as never, () => {})
    const served = () =>
      [...nodes.values()].some((node) => node.internal.type === "CaseStudy" && node.slug === "cruises")
    expect(served()).toBe(false)
    // The editor brings the study's time forward and saves within the same second, the text the
    // same length: Gatsby makes the file's node again, though its size and time are as they were.
    const file = path.join(fixture.content, STUDY_FILE)
    const before = fs.statSync(file)
    const study = JSON.parse(fs.readFileSync(file, "utf8"))
    study.en.goLiveAt = new Date(Date.now() - 60_000).toISOString()
    fs.writeFileSync(file, JSON.stringify(study, null, 2))
    fs.utimesSync(file, before.atime, before.mtime)
    const saved = fileNodes.find((node) => node.relativePath === STUDY_FILE)!
    const stat = fs.statSync(file)
    expect(fileStampOf(stat)).toBe(fileStampOf(before))
    await gatsbyNode.onCreateNode!(
      {
        ...args,
        node: {
          ...saved,
          internal: { ...saved.internal, contentDigest: "saved" },
          size: stat.size,
          modifiedTime: stat.mtime.toJSON(),
        },
      } as never,
      {} as never,
      () => {},
    )
    expect(served()).toBe(true)
  })
})
