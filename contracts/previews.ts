/**
 * Drafts' previews on the nginx host: each a build of a pull request made under its own path,
 * `/preview/<token>/`, the token 24 random hexadecimal characters the build server draws for each run
 * and posts only in the pull request's status. The build is told it with `SITE_PREVIEW_TOKEN` (and
 * Gatsby's `PREFIX_PATHS=true`), so every address it writes starts with that path (Gatsby's
 * `pathPrefix`); the release command puts it where nginx serves that path to the editors alone
 * (deploy/release/previews.ts).
 */
export const PREVIEW_PREFIX = "/preview/"
export const PREVIEW_TOKEN_VARIABLE = "SITE_PREVIEW_TOKEN"
/** Gatsby's own switch for `pathPrefix`, read from the environment before the configuration. */
export const PREFIX_PATHS_VARIABLE = "PREFIX_PATHS"

/** A token, as a regular expression's text (nginx's locations match it too). */
export const PREVIEW_TOKEN_PATTERN = "[0-9a-f]{24}"
const TOKEN = new RegExp(`^${PREVIEW_TOKEN_PATTERN}$`)

export const isPreviewToken = (value: unknown): value is string => typeof value === "string" && TOKEN.test(value)

/** A preview's path, without its trailing slash (as Gatsby's `pathPrefix` takes it). */
export const previewPath = (token: string): string => `${PREVIEW_PREFIX}${token}`

/**
 * The path prefix a build is told, or undefined for the site itself; a token that is none, or one
 * given without Gatsby's switch (which would write pages that load nothing), stops the build.
 */
export function previewPrefixOf(env: Readonly<Record<string, string | undefined>>): string | undefined {
  const token = env[PREVIEW_TOKEN_VARIABLE]
  const prefixing = env[PREFIX_PATHS_VARIABLE] === "true" || env[PREFIX_PATHS_VARIABLE] === "1"
  if (token === undefined || token === "") {
    if (prefixing)
      throw new Error(`${PREFIX_PATHS_VARIABLE} is set without ${PREVIEW_TOKEN_VARIABLE}: a preview needs its token`)
    return undefined
  }
  if (!isPreviewToken(token))
    throw new Error(
      `${PREVIEW_TOKEN_VARIABLE} must be 24 hexadecimal characters (openssl rand -hex 12), not ${JSON.stringify(token)}`,
    )
  if (!prefixing)
    throw new Error(
      `${PREVIEW_TOKEN_VARIABLE} is set: build with ${PREFIX_PATHS_VARIABLE}=true (npm run build:preview)`,
    )
  return previewPath(token)
}
