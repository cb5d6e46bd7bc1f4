/** `tick`: the host's timer, which makes a staged release live at its time (deploy/release/tick.ts). */
import { describeTick, tick } from "../tick"
import type { Options } from "./command-line"
import { hostOf, onHost } from "./host"

export const tickCommand = (options: Options): Promise<void> =>
  onHost("tick", async () => {
    const { settings } = hostOf(options, { needsCertificates: false })
    console.log(describeTick(await tick(settings)))
  })
