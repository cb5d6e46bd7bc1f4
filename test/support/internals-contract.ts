/**
 * The checks every adapter's contract test makes of a library's internals (Decap's in
 * test/cms/decap-contract.test.ts, Gatsby's in test/build-steps/gatsby-contract.test.ts): the
 * installed release is the one verified, each internal holds in the library's file that makes it so,
 * and each check fails against a copy of that file with the internal changed.
 */
import fs from "node:fs"
import path from "node:path"
import { expect, it } from "vitest"

export interface InternalContract {
  /** The internal, as the adapter names it. */
  internal: string
  /** The library's folder, and its file that makes it so. */
  pkg: string
  file: string
  /** Whether the file still does. */
  holds: (source: string) => boolean
  /** The same file as a release that changed it would have it. */
  changed: (source: string) => string
}

export const readPackageFile = (pkg: string, file: string): string => fs.readFileSync(path.join(pkg, file), "utf8")

/**
 * The version check and, for each contract, that it holds on the installed library and fails on the
 * changed copy. `title` names a contract in the test's output ("$internal", "$internal: $what").
 */
export function checkInternals<Contract extends InternalContract>(
  library: { name: string; pkg: string; verified: string; root: string },
  contracts: Contract[],
  title = "$internal",
): void {
  it(`are verified on the ${library.name} installed: a new release is looked at again before it ships`, () => {
    const { name, version } = JSON.parse(readPackageFile(library.pkg, "package.json")) as {
      name: string
      version: string
    }
    expect(`${name} ${version}`).toBe(library.verified)
  })

  it.each(contracts)(title, ({ pkg, file, holds }) => {
    expect(holds(readPackageFile(pkg, file)), path.relative(library.root, path.join(pkg, file))).toBe(true)
  })

  it.each(contracts)(`${title}: fails against a ${library.name} that changed it`, ({ pkg, file, holds, changed }) => {
    const source = readPackageFile(pkg, file)
    const patched = changed(source)
    expect(patched).not.toBe(source)
    expect(holds(patched)).toBe(false)
  })
}
