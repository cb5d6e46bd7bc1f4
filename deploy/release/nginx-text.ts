/** A value as nginx's configuration reads it back: in double quotes, a backslash or a quote escaped. */
export const quote = (value: string) => `"${value.replace(/\\/g, "\\\\").replace(/"/g, '\\"')}"`
