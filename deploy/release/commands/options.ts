/**
 * The options more than one command takes, and how an option's text becomes a value: a whole number,
 * a pull request's number, a time. Each refuses, in words, what it cannot read; none guesses.
 */
import { AUTH_UPSTREAM } from "../../../contracts/hosting"
import { isPreviewToken } from "../../../contracts/previews"
import { isOffsetTime } from "../../../contracts/time"
import { KEEP, KEEP_PREVIEWS, PREVIEWS_DISK_MB } from "../root/layout"
import { LOCK_WAIT_SECONDS } from "../root/lock"
import { type Option, Refused, flag, parsed, required, requiredText, text } from "./command"

/** A whole number written in decimal digits, `least` or more, that JavaScript holds exactly. */
export function wholeNumber(least: number, what = `a whole number, ${least} or more`) {
  return (value: string): number => {
    const number = /^\d{1,15}$/.test(value) ? Number(value) : NaN
    if (!Number.isSafeInteger(number) || number < least)
      throw new Refused(`must be ${what}, written in decimal digits, not ${JSON.stringify(value)}`)
    return number
  }
}

/** A pull request's number: 1 or more, in decimal digits ("0x10", "1e3", "-1", "1.5", 2^53 + 1 refused). */
export const pullNumber = wholeNumber(1, "a pull request's number")

/** A time as the build server sends one: ISO 8601 with its offset, a real instant. */
export const time =
  (what: string) =>
  (value: string): string => {
    if (!isOffsetTime(value))
      throw new Refused(`must be ${what}, an ISO 8601 time with its offset, not ${JSON.stringify(value)}`)
    return value
  }

/** A preview's token: 24 hexadecimal characters, as the build server draws it. */
export function previewToken(value: string): string {
  if (!isPreviewToken(value))
    throw new Refused(
      `must be the token the build was made with (SITE_PREVIEW_TOKEN: 24 hexadecimal characters), not ${JSON.stringify(value)}`,
    )
  return value
}

export const ROOT = { root: requiredText("DIR", "where the releases live (DIR/releases/, DIR/live, DIR/acme/)") }

export const FROM = {
  from: text(
    "PATH",
    "the build in PATH (made by npm run artifact); by default the artifact this release.cjs is in, or else the project, built first",
  ),
}

/** What a command that drives nginx on the host is told of it (commands/host.ts reads them). */
export const HOST = {
  ...ROOT,
  "server-name": text("NAME", "the site's host name (default: the host of the build's site URL)"),
  certificate: text(
    "FILE",
    "the certificate with its chain (default: certbot's /etc/letsencrypt/live/NAME/fullchain.pem)",
  ),
  "certificate-key": text("FILE", "its private key (default: .../NAME/privkey.pem)"),
  "http-only": flag(
    "no HTTPS: plain HTTP on --http-listen (behind a TLS proxy, or to answer certbot before the first certificate exists)",
  ),
  "https-listen": text("ADDR", "what the HTTPS server listens on", "443"),
  "http-listen": text("ADDR", "what the plain HTTP server listens on", "80"),
  "auth-service": text("URL", "where the CMS sign-in service listens", AUTH_UPSTREAM),
  nginx: text("PROGRAM", "the nginx program", "nginx"),
  "nginx-prefix": text("DIR", "its -p, for an nginx started with one"),
  "nginx-conf": text("FILE", "its -c, for an nginx started with one"),
  keep: parsed(
    "N",
    "releases kept on disk, the live one included (the live one and one to roll back to at least)",
    wholeNumber(2),
    String(KEEP),
  ),
  wait: parsed(
    "SECONDS",
    "how long to wait for another release or rollback running on the root before giving up, changing nothing (0: at once)",
    wholeNumber(0),
    String(LOCK_WAIT_SECONDS),
  ),
}

/** A pull request's number, required. */
export const pullOption = (help: string): Option<number> => required("N", help, pullNumber)

/** A time the build server sends, required. */
export const atOption = (what: string, help: string): Option<string> => required("TIME", help, time(what))

/** The bounds on previews (previews.ts). */
export const PREVIEW_BOUNDS = {
  "keep-previews": parsed("N", "previews kept, the oldest removed first", wholeNumber(1), String(KEEP_PREVIEWS)),
  "previews-disk-mb": parsed(
    "MB",
    "the room previews may take together, each counted whole",
    wholeNumber(1),
    String(PREVIEWS_DISK_MB),
  ),
}
