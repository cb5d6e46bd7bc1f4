/**
 * The one way a value reaches an nginx configuration: in double quotes, a backslash or a quote
 * escaped, so that nothing in it (a `;`, a brace, a space, a line) is read as nginx's own. nginx has
 * no escape for `$`: before a name or a brace it is read as a variable, so such a value is refused,
 * as is a control character. `variables`, written by this code alone (`$is_args$args`), follow the
 * value inside the quotes.
 */
const VARIABLE = /\$[\w{]/
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f]/

export function quote(value: string, variables = ""): string {
  if (VARIABLE.test(value))
    throw new Error(
      `${JSON.stringify(value)} cannot be written into nginx's configuration: nginx reads $ as a variable`,
    )
  if (CONTROL.test(value))
    throw new Error(
      `${JSON.stringify(value)} cannot be written into nginx's configuration: it holds a control character`,
    )
  return `"${value.replace(/\\/g, "\\\\").replace(/"/g, '\\"')}${variables}"`
}
