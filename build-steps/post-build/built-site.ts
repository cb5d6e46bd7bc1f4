/**
 * What a step after Gatsby's works on: the project's folders and where it says what it did. The Gatsby
 * adapter (gatsby/post-build.ts) makes it from the arguments of onPostBuild; a test makes it of a folder.
 */
export interface StepLog {
  info(text: string): void
  warn(text: string): void
}

export interface BuiltSite {
  /** The project's folder (.hosting/ is written there). */
  projectDir: string
  /** The built site, as Gatsby wrote it. */
  publicDir: string
  /** The site's own folder in the build's cache, kept from one build to the next. */
  cacheDir: string
  log: StepLog
}
