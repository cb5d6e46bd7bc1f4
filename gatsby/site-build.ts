/**
 * The site's Gatsby Node hooks that read the build's context (build-steps/context.ts): the clock, read
 * once, and one reading of the content. gatsby-node.ts makes them once per process; the context is
 * made at the start of each build (onPreBootstrap) and handed to validation, the nodes, the calendar's
 * record and the steps after Gatsby's. Under `gatsby develop`, a content file Gatsby makes again once
 * the bootstrap is over (it was saved) makes a new context, of the content as it is now, whatever its
 * size and time.
 */
import type { BuildArgs, CreateNodeArgs, ParentSpanPluginArgs, SourceNodesArgs } from "gatsby"
import { type BuildContext, buildContext, checkedBefore, fileStamp } from "../build-steps/context"
import { readClock } from "../contracts/clock"
import { writeBuildCalendar } from "../build-steps/content/calendar"
import { withFormerFiles } from "../build-steps/content/calendar-moves"
import { projectDirectory } from "../build-steps/gatsby-internals"
import { CONTENT_DIR } from "../build-steps/paths"
import { assertValidContent } from "./assert-valid-content"
import { type FileNode, contentTypeOfNode, followsOthers, madeKey, sourceFile } from "./content/nodes"
import { runPostBuild } from "./post-build"

export interface SiteBuild {
  onPreBootstrap(args: Pick<ParentSpanPluginArgs, "reporter">): Promise<void>
  onCreateNode(args: CreateNodeArgs): Promise<void>
  /** The bootstrap is over: a content file made from now on was saved since (`gatsby develop`). */
  onPostBootstrap(): void
  sourceNodes(args: SourceNodesArgs): Promise<void>
  onPostBuild(args: BuildArgs): Promise<void>
}

/** The hooks for the content in `contentDir`, with the process's environment `env` (its clock, what was checked). */
export function siteBuild(contentDir = CONTENT_DIR, env: NodeJS.ProcessEnv = process.env): SiteBuild {
  let context: BuildContext | undefined
  let bootstrapped = false
  // The content files whose nodes this build made (onCreateNode), by their File node's id and digest.
  const madeNow = new Set<string>()
  const made = () => buildContext(contentDir, readClock(env))
  const current = (): BuildContext => (context ??= made())
  /** A content file's document as the context read it (validated by onPreBootstrap): never read again. */
  const heldText = (file: FileNode): Record<string, unknown> => {
    // A file made since the context was read (under `gatsby develop`): the content as it is now.
    if (!current().content.texts.has(file.relativePath ?? "")) context = made()
    const text = current().content.texts.get(file.relativePath ?? "")
    if (text === undefined) throw new Error(`content/${file.relativePath} is not among the files the build read`)
    return JSON.parse(text) as Record<string, unknown>
  }

  return {
    async onPreBootstrap({ reporter }) {
      context = made()
      bootstrapped = false
      madeNow.clear()
      const { clock } = context
      // Dates and the editors' calendar are judged at the build's clock (SITE_CLOCK, or the real time).
      if (clock.set) reporter.info(`The build's clock is set (SITE_CLOCK): ${clock.now.toISOString()}`)
      // The publish path checked these very files today, and said each problem: once is enough.
      if (checkedBefore(context, env)) reporter.info("Content checked before this build (the same files, today): valid")
      else await assertValidContent(context, reporter)
    },

    /**
     * A new or changed content file (Gatsby calls it for those only): its nodes, from the text the
     * context read. One made after the bootstrap (saved under `gatsby develop`), or with another size
     * or time than the context's: a new context, of the content as it is now, since what the calendar
     * serves may change.
     */
    async onCreateNode(args) {
      const { node } = args
      if (!contentTypeOfNode(node)) return
      const file = node as FileNode
      const stamp = current().content.stamps.get(file.relativePath ?? "")
      if (bootstrapped || stamp !== fileStamp(file.size, file.modifiedTime)) context = made()
      sourceFile(file, heldText(file), current(), args as unknown as SourceNodesArgs)
      madeNow.add(madeKey(node))
    },

    /**
     * Every build: the calendar recorded for the release; the content files Gatsby kept from the last
     * build's cache, whose nodes onCreateNode did not make again, made as the calendar wants them now.
     */
    async sourceNodes(args) {
      const { getNodesByType, store } = args
      writeBuildCalendar(projectDirectory(store), withFormerFiles(current().calendar.record, current().content))
      for (const file of getNodesByType("File").filter((node) => contentTypeOfNode(node)) as FileNode[]) {
        if (madeNow.has(madeKey(file))) continue
        const raw = heldText(file)
        // Kept from the cache, as the calendar wants them still: nothing to make again.
        if (file.children.length > 0 && !followsOthers(file, raw, current())) continue
        sourceFile(file, raw, current(), args)
      }
    },

    onPostBootstrap() {
      bootstrapped = true
    },

    /** The build's steps after Gatsby's (gatsby/post-build.ts). */
    async onPostBuild(args) {
      await runPostBuild(args, current())
    },
  }
}
