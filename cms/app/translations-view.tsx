/**
 * The admin's view "Translations to check", in a corner of every screen but an entry's form, once
 * signed in with GitHub: each entry on main with a translation whose English changed after it was made,
 * or with one missing, each field named, the entry a link to its form (cms/translation-list.ts).
 *
 * It reads the content files of main from GitHub: the tree (one request), then each file's blob, kept
 * by its hash for the session (a blob's hash names its bytes), so a later look costs the tree and what
 * changed; and the live release's answer of what is to check, which the build read from the history.
 * It looks again each time the editor comes back from a form, and every minute while shown.
 */
import { type ReactNode, useCallback, useMemo, useState } from "react"
import { type ListedEntry, translationList } from "../translation-list"
import { TRANSLATION_CHECK } from "../shared"
import { signedInUser } from "./decap-internals"
import { TRANSLATIONS_ANSWER_PATH, readTranslationsAnswer } from "../../contracts/translations-answer"
import { type BackendConfig, contentOnBranch, readLive } from "./github"
import { useLookAgain } from "./look-again"
import { useAdminScreen } from "./release-notes"
import { CornerPanel } from "./entry-check/summary-parts"

const LOOK_AGAIN_MS = 60_000

type Listing =
  | { status: "reading" }
  | { status: "read"; entries: ListedEntry[]; historyUnread?: string }
  | { status: "failed"; message: string }

function useTranslationList(config: BackendConfig | null, formOpen: boolean): Listing {
  const [listing, setListing] = useState<Listing>({ status: "reading" })
  const look = useCallback(
    async (active: () => boolean) => {
      try {
        const [{ texts, blobs }, answer] = await Promise.all([
          contentOnBranch(config!),
          readLive(TRANSLATIONS_ANSWER_PATH, readTranslationsAnswer),
        ])
        const entries = translationList(texts, answer ? { answer, blobs } : undefined)
        if (active()) setListing({ status: "read", entries, historyUnread: answer?.historyUnread })
      } catch (error) {
        if (active()) setListing({ status: "failed", message: (error as Error).message })
      }
    },
    [config],
  )
  useLookAgain(config && !formOpen ? look : null, LOOK_AGAIN_MS)
  return listing
}

/** At the bottom left (the bottom right holds the latest change). */
const View = (props: { "aria-label": string; children: ReactNode }) => (
  <CornerPanel $corner="bottom-left" $border="#8a5a00" $background="#fdf7ea" {...props} />
)

/** The view, for the editor signed in with GitHub (the local backend edits a working copy, not main). */
export function TranslationsView({ repo, branch }: { repo: string; branch: string }) {
  const { backend: signedIn, formOpen } = useAdminScreen()
  const config = useMemo(
    () => (signedIn && signedIn !== "proxy" ? { backend: { name: signedIn, repo, branch } } : null),
    [signedIn, repo, branch],
  )
  const listing = useTranslationList(config, formOpen)
  if (formOpen || !config || !signedInUser() || listing.status === "reading") return null
  if (listing.status === "failed") {
    return (
      <View aria-label={TRANSLATION_CHECK.viewLabel}>
        <p>
          {TRANSLATION_CHECK.unreadable} {listing.message}
        </p>
      </View>
    )
  }
  const { entries, historyUnread } = listing
  if (entries.length === 0 && !historyUnread) return null
  const count = (kind: "toCheck" | "missing") => entries.reduce((sum, entry) => sum + entry[kind].length, 0)
  return (
    <View aria-label={TRANSLATION_CHECK.viewLabel}>
      <details>
        <summary>
          {TRANSLATION_CHECK.viewLabel}:{" "}
          {TRANSLATION_CHECK.viewSummary(count("toCheck"), count("missing")) || TRANSLATION_CHECK.historyUnreadShort}
        </summary>
        <p>{TRANSLATION_CHECK.viewIntro}</p>
        {historyUnread ? <p>{TRANSLATION_CHECK.historyUnread(historyUnread)}</p> : null}
        <ul>
          {entries.map((entry) => (
            <li key={entry.relative}>
              <a href={entry.href}>{entry.name}</a>
              <ul>
                {entry.toCheck.map(({ where }) => (
                  <li key={`check ${where}`}>{`${where}: ${TRANSLATION_CHECK.toCheck}`}</li>
                ))}
                {entry.missing.map(({ where }) => (
                  <li key={`missing ${where}`}>{`${where}: ${TRANSLATION_CHECK.missing}`}</li>
                ))}
              </ul>
            </li>
          ))}
        </ul>
      </details>
    </View>
  )
}
