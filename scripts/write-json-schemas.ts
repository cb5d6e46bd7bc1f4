/** Regenerates content/schemas/*.schema.json from the zod schemas: `npm run content:schemas`. */
import fs from "node:fs"
import path from "node:path"
import { jsonSchemaFiles, serializeJsonSchema } from "../model/json-schema"

const folder = path.resolve("content/schemas")
fs.mkdirSync(folder, { recursive: true })
for (const [name, schema] of jsonSchemaFiles()) {
  fs.writeFileSync(path.join(folder, name), serializeJsonSchema(schema))
  console.log(`wrote content/schemas/${name}`)
}
