import { SEARCH_PARAM } from "../../model/routes"

/** The search parameter of a location's search string, trimmed. */
export const queryOf = (search: string) => (new URLSearchParams(search).get(SEARCH_PARAM) ?? "").trim()

/** The case list URL for a query, in the site's one trailing-slash form. */
export const searchUrl = (base: string, query: string) =>
  query.trim() ? `${base}?${SEARCH_PARAM}=${encodeURIComponent(query.trim())}` : base
