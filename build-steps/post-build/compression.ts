/**
 * Compression, decided once for every host: which files are text worth compressing, and their copies
 * compressed ahead of time (`<file>.br`, brotli; `<file>.gz`, gzip level 9) beside each in public/,
 * which nginx sends as they are (`brotli_static`, `gzip_static`); a CDN compresses by itself. Brotli
 * is at its highest quality (11) for the files there is one of, and at 10 for those there is one of
 * per page, whose number grows with the site: 11 costs far more time there for a few bytes less.
 */
import fs from "node:fs"
import path from "node:path"
import { promisify } from "node:util"
import zlib from "node:zlib"
import { filesUnder } from "../../lib/files"
import { FileMemo, memoFile, stepVersion } from "./file-memo"
import type { BuiltSite } from "./built-site"
import { COMPRESSIBLE_EXTENSIONS, MIN_COMPRESSED_LENGTH } from "../../contracts/hosting"

/** The files there is one of per page: an HTML page and its data. */
const PER_PAGE = /\.(html|json)$/

export const ENCODINGS = [
  {
    extension: ".br",
    compress: promisify(zlib.brotliCompress),
    options: (size: number, file: string): zlib.BrotliOptions => ({
      params: {
        [zlib.constants.BROTLI_PARAM_QUALITY]: PER_PAGE.test(file) ? 10 : zlib.constants.BROTLI_MAX_QUALITY,
        [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
        [zlib.constants.BROTLI_PARAM_SIZE_HINT]: size,
      },
    }),
  },
  {
    extension: ".gz",
    compress: promisify(zlib.gzip),
    options: (_size: number, _file: string): zlib.ZlibOptions => ({ level: zlib.constants.Z_BEST_COMPRESSION }),
  },
] as const

const COPY = new RegExp(`(${ENCODINGS.map(({ extension }) => `\\${extension}`).join("|")})$`)

export const isCompressible = (file: string): boolean =>
  Object.hasOwn(COMPRESSIBLE_EXTENSIONS, path.extname(file).slice(1))

/** The files of `publicDir` that get copies: text worth compressing, and long enough to gain. */
export const compressibleFiles = (publicDir: string): string[] =>
  filesUnder(publicDir).filter((file) => isCompressible(file) && fs.statSync(file).size >= MIN_COMPRESSED_LENGTH)

/**
 * Writes both copies beside every compressible file of `publicDir` (each copy only if smaller than
 * the file) and removes copies whose file is gone or no longer needs one, so what nginx may send is
 * always this build's. With `memo`, a file whose bytes are those it last compressed, its copies still
 * beside it, is skipped. Returns how many files have copies, how many were compressed now, and their
 * bytes before and after brotli.
 */
export async function precompress(
  publicDir: string,
  memo?: FileMemo,
): Promise<{ files: number; compressed: number; bytes: number; brotli: number }> {
  const sources = compressibleFiles(publicDir)
  const copies = new Set<string>()
  let compressed = 0
  let bytes = 0
  let brotli = 0
  // The encoders run on libuv's thread pool: every core works, and the build's event loop stays free.
  await Promise.all(
    sources.map(async (source) => {
      const content = fs.readFileSync(source)
      const key = path.relative(publicDir, source)
      const kept = memo?.unchanged(key, content)?.split(" ").filter(Boolean)
      if (kept && kept.every((extension) => fs.existsSync(source + extension))) {
        for (const extension of kept) copies.add(source + extension)
        return
      }
      const { mtime } = fs.statSync(source)
      const written: string[] = []
      for (const { extension, compress, options } of ENCODINGS) {
        const copy = await compress(content, options(content.length, source))
        if (copy.length >= content.length) continue
        fs.writeFileSync(source + extension, copy)
        // The copy carries its file's date, so Last-Modified is the same whichever is sent.
        fs.utimesSync(source + extension, mtime, mtime)
        written.push(extension)
        copies.add(source + extension)
        if (extension === ".br") {
          bytes += content.length
          brotli += copy.length
        }
      }
      memo?.record(key, content, written.join(" "))
      compressed += 1
    }),
  )
  const staleCopy = (file: string) => COPY.test(file) && isCompressible(file.replace(COPY, "")) && !copies.has(file)
  for (const file of filesUnder(publicDir).filter(staleCopy)) fs.rmSync(file)
  memo?.save()
  return { files: sources.length, compressed, bytes, brotli }
}

/**
 * The build's step (gatsby-node onPostBuild, last: after it no file of public/ may change), for the
 * files whose bytes changed since the last build (build-steps/post-build/file-memo.ts).
 */
export async function writePrecompressedCopies({ publicDir, cacheDir, log }: BuiltSite): Promise<void> {
  const started = Date.now()
  const memo = new FileMemo(memoFile(cacheDir, "compression"), stepVersion())
  const { files, compressed, bytes, brotli } = await precompress(publicDir, memo)
  log.info(
    `Precompressed ${compressed} files (.br, .gz) of ${files}, the others unchanged since the last build: ${(bytes / 1000).toFixed(0)} kB -> ${(brotli / 1000).toFixed(0)} kB brotli, in ${((Date.now() - started) / 1000).toFixed(1)} s`,
  )
}
