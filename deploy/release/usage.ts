/** What `release.cjs --help` prints (deploy/release/cli.ts): the release command's commands and options. */
import { AUTH_UPSTREAM } from "../../contracts/hosting"
import { KEEP, KEEP_PREVIEWS, PREVIEWS_DISK_MB } from "./layout"
import { LOCK_WAIT_SECONDS } from "./lock"
import { HELD_STATUS } from "./stamp"

export const USAGE = `usage: npm run release -- --root DIR [--from PATH] [options]
       npm run rollback -- --root DIR [options]
       node release.cjs release|rollback --root DIR [options]   (in an artifact, on the host)
       node release.cjs stamp      (in an artifact: its public/release.json, before a CDN upload)
       node release.cjs tick --root DIR   (the host's timer, every minute: a staged release live at its time)
       node release.cjs report --root DIR [--log FILE]   (the host's timer, every hour: the demo
                          funnel counted from nginx's log, DIR/logs/access.log by default, into DIR/report/)
       node release.cjs upload-list --live FILE   (in an artifact: the files an upload must carry, one
                          a line, given the live release's files.json as the host keeps it; all
                          of them when FILE is missing or empty)
       node release.cjs preview --root DIR --pull N --token T --at TIME   (in an artifact of
                          npm run build:preview: a draft's preview at /preview/T/, for the editors;
                          the pull request's previous one replaced; TIME is when its change was made)
       node release.cjs preview-closed --root DIR --pull N --at TIME   (its previews removed)
       node release.cjs previews --root DIR --open N,M,... --at TIME   (every preview of a pull
                          request not listed removed: the open ones as the build server read them
                          at TIME; a preview of a later change is kept)
       A preview not made because a later change of its draft, or its close, reached the host
       first changes nothing and exits with status 5.

  --root DIR              where the releases live (DIR/releases/, DIR/live, DIR/acme/)
  --from PATH             release the build in PATH (made by npm run artifact), without building
                          (the default for an artifact's own release.cjs: its own folder)
  --server-name NAME      the site's host name (default: the host of the settings' site URL)
  --certificate FILE      the certificate with its chain (default: certbot's
                          /etc/letsencrypt/live/NAME/fullchain.pem)
  --certificate-key FILE  its private key (default: .../NAME/privkey.pem)
  --http-only             no HTTPS: plain HTTP on --http-listen (behind a TLS proxy, or to
                          answer certbot before the first certificate exists)
  --https-listen ADDR     what the HTTPS server listens on (default: 443)
  --http-listen ADDR      what the plain HTTP server listens on (default: 80)
  --auth-service URL      where the CMS sign-in service listens (default: ${AUTH_UPSTREAM})
  --nginx PROGRAM         the nginx program (default: nginx)
  --nginx-prefix DIR      its -p, for an nginx started with one
  --nginx-conf FILE       its -c, for an nginx started with one
  --keep N                releases kept on disk, the live one included (default: ${KEEP})
  --older-commit          release a build of a commit older than the live one's: an explicit going
                          back to a build no longer kept (otherwise refused; rollback needs none)
  --at TIME               stage the build (made with SITE_CLOCK=TIME, over the live commit) to go live
                          at TIME: copied and checked now, made live by the host's timer (tick)
  --wait SECONDS          how long to wait for another release or rollback running on the root
                          before giving up, changing nothing (default: ${LOCK_WAIT_SECONDS}; 0: at once)
  --replacing COMMIT      release only while the live release is of COMMIT (the calendar's timed
                          run, which rebuilds the live commit or a publish held for the
                          calendar, and replaces the live one): otherwise change nothing, say so
                          and exit with status 3. With stamp: the live site's /release.json is
                          read, and GITHUB_OUTPUT gets released=true or released=false
  --keep-previews N       previews kept, the oldest removed first (default: ${KEEP_PREVIEWS})
  --previews-disk-mb MB   the room previews may take together, each counted whole (default: ${PREVIEWS_DISK_MB})
  --stamp-url URL         with stamp: where the live site's stamp is read (default:
                          https://SERVER/release.json); a build of a commit older than the live
                          one's is refused

A release, or a stamp, held for the calendar (its build serves a case study that has come down
since it was made) changes nothing and exits with status ${HELD_STATUS}: the calendar's next run builds the
same commit again at its own clock and releases it.`
