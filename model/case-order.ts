/** The site's order of case studies: by their `order` field, as the GraphQL queries sort them. */
export const inCaseOrder = <T extends { order: number }>(studies: readonly T[]): T[] =>
  [...studies].sort((left, right) => left.order - right.order)
