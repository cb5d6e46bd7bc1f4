/** Decap's interface texts (`decap-cms-locales`, which ships no types), as far as the admin uses them. */
declare module "decap-cms-locales" {
  type Phrases = Record<string, unknown> & { ui: Record<string, unknown> & { toast: Record<string, string> } }
  export const en: Phrases
}
