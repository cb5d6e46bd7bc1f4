/** A hosting policy as small as the schema allows, with the fields a test names. */
import { type HostingPolicy } from "../../contracts/hosting-policy"

export const smallPolicy = (fields: Partial<HostingPolicy> = {}): HostingPolicy => ({
  pages: ["/"],
  demoSources: ["/"],
  addresses: { moved: [], gone: [] },
  departures: [],
  notFound: [{ prefix: "/", file: "/404.html" }],
  headers: {},
  prefixHeaders: [],
  servicePrefixes: [],
  immutable: { prefixes: [], scripts: { suffix: ".js", except: [] }, bundles: [] },
  documentOnlyHeaders: [],
  cacheControl: { immutable: "max-age=31536000", revalidate: "max-age=0" },
  hostFiles: [],
  ...fields,
})
