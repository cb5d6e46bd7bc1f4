/**
 * A command run apart from the test, its output kept (standard output and error, in the order they
 * came): what it has said so far, and once it ends, its status, everything it said and how long it
 * took. The test goes on meanwhile (a server it hosts keeps answering, a browser keeps browsing).
 */
import { spawn } from "node:child_process"

export interface Ran {
  status: number | null
  output: string
  seconds: number
}

export interface Running {
  saying: () => string
  done: Promise<Ran>
}

export function runCommand(
  command: string,
  args: string[],
  { cwd, env = {}, timeout }: { cwd: string; env?: NodeJS.ProcessEnv; timeout?: number },
): Running {
  const started = performance.now()
  const child = spawn(command, args, { cwd, env: { ...process.env, ...env }, timeout })
  let output = ""
  child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()))
  child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()))
  return {
    saying: () => output,
    done: new Promise((resolve) =>
      child.on("close", (status) => resolve({ status, output, seconds: (performance.now() - started) / 1000 })),
    ),
  }
}
