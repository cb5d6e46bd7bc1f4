/** `rollback`: the release live before the live one made live again (deploy/release/releases.ts). */
import { rollback } from "../releases"
import { command } from "./command"
import { hostOf } from "./host"
import { HOST } from "./options"
import { switched } from "./switched"

export const rollbackCommand = command({
  name: "rollback",
  summary:
    "The release live before the live one made live again, as releases were live: a rollback after a\nrollback and a release returns to the release rolled back to.",
  options: HOST,
  run: async (values) => {
    const started = performance.now()
    const { settings, from } = hostOf(values, { needsCertificates: false })
    switched("Rolled back to", await rollback(settings), settings.root, from, started)
  },
})
