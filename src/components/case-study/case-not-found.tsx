import { navigate } from "gatsby"
import { useEffect } from "react"
import styled from "styled-components"
import { usePaths } from "../../i18n/locale"
import { Layout } from "../layout/layout"
import { Seo } from "../layout/seo"
import { ButtonLink } from "../ui/button"
import { Container } from "../ui/container"
import { PageHeader } from "../ui/page-header"
import { theme } from "../../styles/theme"

/** History state the case list reads to explain why the visitor landed there. */
export interface CaseRedirectState {
  missingCase?: boolean
}

/** Reach Router gives the entry a browser loaded directly (not reached in-app) the key "initial". */
export const isFirstLoad = (location: { key?: string }) => location.key === "initial"

const Body = styled.div`
  padding: ${theme.space[10]} 0 ${theme.space[16]};
`

interface CaseNotFoundProps {
  location: { key?: string }
  copy: { title: string; text: string; backLabel: string }
}

/**
 * Shown for an unknown case slug. Arriving from outside (first load), the visitor is sent on to the
 * case list in place of this URL; reached in-app or through back/forward, the message stays put.
 */
export function CaseNotFound({ location, copy }: CaseNotFoundProps) {
  const firstLoad = isFirstLoad(location)
  const paths = usePaths()
  useEffect(() => {
    if (firstLoad) {
      const state: CaseRedirectState = { missingCase: true }
      void navigate(paths.caseStudies, { replace: true, state })
    }
  }, [firstLoad, paths.caseStudies])

  return (
    <Layout>
      <Seo title={copy.title} description={copy.text} />
      <PageHeader title={copy.title} lede={copy.text} />
      <Body>
        <Container>
          <ButtonLink to={paths.caseStudies} $variant="secondary">
            {copy.backLabel}
          </ButtonLink>
        </Container>
      </Body>
    </Layout>
  )
}
