/** `tick`: the host's timer, which makes a staged release live at its time (deploy/release/tick.ts). */
import { describeTick, tick } from "../tick"
import { command } from "./command"
import { hostOf } from "./host"
import { HOST } from "./options"

export const tickCommand = command({
  name: "tick",
  summary: "The host's timer, every minute: a staged release made live at its time.",
  options: HOST,
  run: async (values) => {
    const { settings } = hostOf(values, { needsCertificates: false })
    console.log(describeTick(await tick(settings)))
  },
})
