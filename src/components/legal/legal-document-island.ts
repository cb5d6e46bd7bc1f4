import { island } from "../ui/island"

/** The privacy policy's and the terms' text: out of their pages' first load (src/components/ui/island.tsx). */
export const LegalDocument = island(
  () => import(/* webpackChunkName: "legal" */ "./legal-document"),
  (module) => module.LegalDocument,
)
