/** The site's paths, in the one trailing-slash form that Gatsby builds (trailingSlash: "always"). */
export const HOME_PATH = "/"
export const BOOK_DEMO_PATH = "/book-demo/"
export const PRIVACY_PATH = "/privacy-policy/"
export const TERMS_PATH = "/terms-of-service/"
export const CASE_STUDIES_PATH = "/case-studies/"

export const caseStudyPath = (slug: string) => `${CASE_STUDIES_PATH}${slug}/`

/** Link to a home section; on home it scrolls, elsewhere it loads home then scrolls. */
export const sectionPath = (sectionId: string) => `${HOME_PATH}#${sectionId}`

/** The name of the case list's search parameter: /case-studies/?q=… */
export const SEARCH_PARAM = "q"
