/**
 * At the top of an entry's form, with GitHub: the other editors who have the entry open now, and
 * since when, as the host's sign-in service tells it (deploy/auth/presence.ts). The form says it is
 * open every 20 s while mounted, and closed as it goes; a host that keeps no board (a Pages
 * deployment) says so, and nothing more is asked or said. A courtesy: the guarantee is the refusal of a save
 * built on a version another editor replaced (entry-versions.ts).
 */
import { useEffect, useState } from "react"
import { PRESENCE_PATH } from "../../contracts/sign-in"
import { isRecord } from "../../contracts/json"
import { PRESENCE } from "../shared"
import { signedInUser } from "./decap-internals"
import type { BackendConfig } from "./github"
import { Panel } from "./entry-check/summary-parts"

/** A form says it is open this often; the service forgets one silent for a minute. */
const EVERY_MS = 20_000

type Others = Array<{ name: string; since: string }>

/** The service's answer, read into names and times; anything else is nobody. */
export function othersIn(answer: unknown): Others {
  if (!isRecord(answer) || !Array.isArray(answer.others)) return []
  return answer.others.filter(
    (other): other is Others[number] =>
      isRecord(other) && typeof other.name === "string" && typeof other.since === "string",
  )
}

export function PresenceNote({ config, path }: { config: BackendConfig; path: string }) {
  const [others, setOthers] = useState<Others>([])
  const repo = config.backend.repo
  useEffect(() => {
    const token = signedInUser()?.token
    if (!token || !repo) return
    let active = true
    const say = (open: boolean) =>
      fetch(PRESENCE_PATH, {
        method: "POST",
        headers: { Authorization: `token ${token}`, "Content-Type": "application/json" },
        body: JSON.stringify({ repo, entry: path, open }),
        cache: "no-store",
        // Said as the form goes, perhaps with the page: the browser sends it anyway.
        keepalive: !open,
      })
        .then((response) => (response.ok ? response.json() : null))
        .then((answer: unknown) => {
          // A host that keeps no board (a Pages deployment) says so, and is not asked again.
          if (isRecord(answer) && answer.kept === false) clearInterval(timer)
          if (active) setOthers(othersIn(answer))
        })
        .catch(() => undefined)
    const timer = setInterval(() => void say(true), EVERY_MS)
    void say(true)
    return () => {
      active = false
      clearInterval(timer)
      void say(false)
    }
  }, [repo, path])
  if (others.length === 0) return null
  return (
    <Panel $tone="note" role="status" aria-label={PRESENCE.label}>
      <p>{PRESENCE.openToo(others)}</p>
    </Panel>
  )
}
