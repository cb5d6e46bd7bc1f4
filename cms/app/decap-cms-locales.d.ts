/** Decap's interface texts (`decap-cms-locales`, which ships no types), as far as the admin uses them. */
declare module "decap-cms-locales" {
  export type Phrases = Record<string, unknown> & { ui: Record<string, unknown> & { toast: Record<string, string> } }
  export const en: Phrases
}
/** Its English phrases as an ES module, which the contract test reads in Node (test/cms/decap-contract.test.ts). */
declare module "decap-cms-locales/dist/esm/en/index.js" {
  const en: import("decap-cms-locales").Phrases
  export default en
}
