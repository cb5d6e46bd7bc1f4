/**
 * Ports for the servers tests and scripts start: a port the system has just found free, never a
 * fixed number another program on the machine may hold.
 */
import { execFileSync } from "node:child_process"
import net from "node:net"

/** A loopback port free right now (the system's choice). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer()
    server.once("error", reject)
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as net.AddressInfo
      server.close(() => resolve(port))
    })
  })
}

/** The same, for a configuration file read synchronously (playwright.config.ts). */
export function freePortSync(): number {
  const script = `const s=require("net").createServer().listen(0,"127.0.0.1",()=>{process.stdout.write(String(s.address().port));s.close()})`
  return Number(execFileSync(process.execPath, ["-e", script], { encoding: "utf8" }))
}

/** Whether a failed server's error output says its port was taken meanwhile (worth another port). */
export const portTaken = (errors: string) => /address already in use|EADDRINUSE/i.test(errors)
