/**
 * What a command on the nginx host is told of the host (commands/host.ts reads it from the options):
 * its root, its name and certificate, how nginx is run, how many releases are kept.
 */
import type { TlsOptions } from "./nginx-config"

/** How to run the nginx that serves the releases: its program and the arguments naming its configuration. */
export interface NginxControl {
  binary: string
  /** `-p prefix`, `-c file`: empty for the system's own nginx. */
  args: string[]
  /** The modules to load, by their full paths, for the check of a release's configuration on its own. */
  modules: readonly string[]
}

export interface ReleaseSettings {
  /** The release root (absolute). */
  root: string
  serverName: string
  /** The certificate and key; none serves plain HTTP only (a TLS front, or before the first certificate). */
  tls: Pick<TlsOptions, "certificate" | "key"> | null
  /** What the HTTPS and the plain HTTP servers' `listen` say. */
  httpsListen: string
  httpListen: string
  /** Where nginx passes the CMS sign-in. */
  authService: string
  nginx: NginxControl
  keep: number
  /** Seconds a release or rollback waits for another one running (deploy/release/root/lock.ts); 0 refuses at once. */
  lockWaitSeconds?: number
}
