import { Suspense } from "react"
import { useHeadUpdates } from "../../navigation/head-updates"
import { deferred, prerendering } from "../ui/deferred"
import type { SeoProps } from "./seo-head"

/** react-helmet and the page's structured data: their own chunk, fetched only when needed (below). */
const { Deferred: SeoHead } = deferred(
  () => import("./seo-head"),
  (module) => module.SeoHead,
)

/**
 * The only owner of head tags. The build renders them into each page's HTML (with the chunk's code
 * loaded before the page renders: src/components/ui/deferred.tsx). In the browser the first page already has
 * them, so its first load carries no head code at all; from the first navigation inside the site on,
 * the chunk is fetched and react-helmet keeps the head in step with the page. The boundary renders
 * no DOM either way, so hydration matches whichever side rendered it.
 */
export function Seo(props: SeoProps) {
  const headUpdates = useHeadUpdates()
  return <Suspense fallback={null}>{prerendering || headUpdates ? <SeoHead {...props} /> : null}</Suspense>
}
