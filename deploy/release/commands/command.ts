/**
 * What a command of the release command is (each in a file of its own under commands/, as
 * Docusaurus's commands are): its name, what it does in a line, and the options it takes, each with
 * its help, its default and how its text is read. The usage, each command's --help and the refusal of
 * an option it does not take, or of a value it cannot read, are all made from these declarations
 * (cli.ts); a command throws, and cli.ts alone turns what it throws into an exit status.
 */
import { parseArgs } from "node:util"

/** An option as a command declares it; `T` is what its value is once read. */
export interface Option<T> {
  /** The value's name in the usage ("DIR"); none for a flag, which takes no value. */
  value?: string
  help: string
  /** Said in the help, and read when the option is not given. */
  default?: string
  /** Refused, naming it, when not given. */
  required?: boolean
  /** Its value from its text (undefined: not given, no default); throws a `Refused` with what is wrong. */
  read: (text: string | undefined) => T
}

export type Options = Record<string, Option<unknown>>
export type Values<O extends Options> = { [K in keyof O]: O[K] extends Option<infer T> ? T : never }

export interface Command<O extends Options = Options> {
  name: string
  /** What it does, in a line or two: the usage's list of commands says it. */
  summary: string
  /** What it needs to be given beyond its options, when it reads its standard input, say. */
  input?: string
  options: O
  run: (values: Values<O>) => Promise<void>
}

/** Declares a command, its values typed from its options. */
export const command = <O extends Options>(spec: Command<O>): Command<O> => spec

/** A value an option cannot take, in words ("must be a pull request's number, not "0x10""). */
export class Refused extends Error {}

/** A command line that says nothing a command can do: refused before anything runs (exit status 2). */
export class UsageError extends Error {}

/** An option whose text is its value. */
export const text = (value: string, help: string, fallback?: string): Option<string | undefined> => ({
  value,
  help,
  default: fallback,
  read: (given) => given ?? fallback,
})

/** The same, required, and not empty. */
export const requiredText = (value: string, help: string): Option<string> => ({
  value,
  help,
  required: true,
  read: (given) => {
    if (!given) throw new Refused("must not be empty")
    return given
  },
})

/** A flag: given or not. */
export const flag = (help: string): Option<boolean> => ({ help, read: (given) => given !== undefined })

/** An option read by `parse` (which throws a Refused), with the text of its default. */
export const parsed = <T>(value: string, help: string, parse: (text: string) => T, fallback: string): Option<T> => ({
  value,
  help,
  default: fallback,
  read: (given) => parse(given ?? fallback),
})

/** The same, required. */
export const required = <T>(value: string, help: string, parse: (text: string) => T): Option<T> => ({
  value,
  help,
  required: true,
  read: (given) => parse(given!),
})

/** The same, optional: undefined when not given. */
export const optional = <T>(value: string, help: string, parse: (text: string) => T): Option<T | undefined> => ({
  value,
  help,
  read: (given) => (given === undefined ? undefined : parse(given)),
})

/** The options' lines of a command's help. */
function optionLines(options: Options): string[] {
  const rows = Object.entries(options).map(([name, option]) => [
    `--${name}${option.value ? ` ${option.value}` : ""}`,
    `${option.help}${option.required ? " (required)" : option.default !== undefined ? ` (default: ${option.default})` : ""}`,
  ])
  const width = Math.max(...rows.map(([left]) => left.length)) + 2
  return rows.map(([left, right]) => `  ${left.padEnd(width)}${right}`)
}

/** A command's synopsis: its required options, then the others in brackets. */
/** What the help of a command reads of it. */
type Described = Pick<Command, "name" | "summary" | "input" | "options">

export const synopsis = (program: string, spec: Described): string =>
  [
    `${program} ${spec.name}`,
    ...Object.entries(spec.options).map(([name, option]) => {
      const form = `--${name}${option.value ? ` ${option.value}` : ""}`
      return option.required ? form : `[${form}]`
    }),
    ...(spec.input ? [`< ${spec.input}`] : []),
  ].join(" ")

/** What `<program> <command> --help` prints. */
export const commandHelp = (program: string, spec: Described): string =>
  [`usage: ${synopsis(program, spec)}`, "", spec.summary, "", ...optionLines(spec.options), "  --help  this help"].join(
    "\n",
  )

/** What `<program> --help` prints: every command and what it does. */
export function usage(program: string, commands: readonly Described[], epilogue: string): string {
  const width = Math.max(...commands.map(({ name }) => name.length)) + 2
  const lines = commands.flatMap(({ name, summary }) => {
    const [first, ...rest] = summary.split("\n")
    return [`  ${name.padEnd(width)}${first}`, ...rest.map((line) => `  ${" ".repeat(width)}${line}`)]
  })
  return [
    `usage: ${program} <command> [options]   (${program} <command> --help: its options)`,
    "",
    ...lines,
    "",
    epilogue,
  ].join("\n")
}

/**
 * A command's options read from `args`: an option it does not declare, one given twice, a flag given
 * a value, a value it cannot read, or a required one missing, refused naming the command and the
 * option. Returns null when --help was asked for.
 */
export function readOptions<O extends Options>(spec: Command<O>, args: readonly string[]): Values<O> | null {
  const declared = Object.fromEntries(
    Object.entries(spec.options).map(([name, option]) => [
      name,
      { type: option.value ? ("string" as const) : ("boolean" as const) },
    ]),
  )
  let parsedArgs: ReturnType<typeof parseArgs>
  try {
    parsedArgs = parseArgs({
      args: [...args],
      options: { ...declared, help: { type: "boolean" } },
      strict: true,
      allowPositionals: false,
      tokens: true,
    })
  } catch (error) {
    throw new UsageError(`${spec.name}: ${(error as Error).message.split("\n")[0]}`)
  }
  const seen = new Set<string>()
  for (const token of parsedArgs.tokens ?? []) {
    if (token.kind !== "option") continue
    if (seen.has(token.name)) throw new UsageError(`${spec.name}: --${token.name} is given twice`)
    seen.add(token.name)
  }
  const given = parsedArgs.values as Record<string, string | boolean | undefined>
  if (given.help) return null
  const values: Record<string, unknown> = {}
  for (const [name, option] of Object.entries(spec.options)) {
    const raw = given[name]
    if (raw === undefined && option.required)
      throw new UsageError(`${spec.name}: --${name} is required: ${option.help}`)
    try {
      values[name] = option.read(typeof raw === "boolean" ? "" : raw)
    } catch (error) {
      if (error instanceof Refused) throw new UsageError(`${spec.name}: --${name} ${error.message}`)
      throw error
    }
  }
  return values as Values<O>
}
