import sharp from "sharp"
import { parseHtml } from "../build-steps/built-html"
import { expect, test } from "./fixtures"
import {
  LOCALES,
  ROUTES,
  caseStudies,
  localePath,
  localeOfPath,
  readContent,
  routeOf,
  settings,
  settingsIn,
} from "../test/support/content"

interface Head {
  title: string
  description: string | null
  canonical: string | null
  lang: string | null
  /** hreflang -> address of the same page in that language. */
  alternates: Record<string, string>
  meta: Record<string, string>
  /** Open Graph's alternate locales (a property that may appear more than once). */
  localeAlternates: string[]
  jsonLd: unknown[]
}

/** The head as the prerendered HTML ships it, which is what crawlers and link previews read. */
async function headOf(request: import("@playwright/test").APIRequestContext, route: string): Promise<Head> {
  const page = parseHtml(await (await request.get(route)).text())
  const meta: Record<string, string> = {}
  for (const tag of page.querySelectorAll("meta")) {
    const key = tag.getAttribute("property") ?? tag.getAttribute("name")
    const value = tag.getAttribute("content")
    if (key && value !== undefined) meta[key] = value
  }
  return {
    title: page.querySelector("title")?.text ?? "",
    description: meta.description ?? null,
    canonical: page.querySelector('link[rel="canonical"]')?.getAttribute("href") ?? null,
    lang: page.querySelector("html")?.getAttribute("lang") ?? null,
    alternates: Object.fromEntries(
      page
        .querySelectorAll('link[rel="alternate"][hreflang]')
        .map((link) => [link.getAttribute("hreflang")!, link.getAttribute("href")!]),
    ),
    meta,
    localeAlternates: page
      .querySelectorAll('meta[property="og:locale:alternate"]')
      .map((tag) => tag.getAttribute("content")!),
    jsonLd: page.querySelectorAll('script[type="application/ld+json"]').map((script) => JSON.parse(script.rawText)),
  }
}

const graphOf = (head: Head) => head.jsonLd.flatMap((block) => (block as { "@graph": Record<string, any>[] })["@graph"])

test.describe("head tags", () => {
  test("every route in both languages has a unique title and description, its canonical URL, lang, alternates and sharing tags", async ({
    request,
  }) => {
    const heads = new Map<string, Head>()
    for (const route of ROUTES) heads.set(route, await headOf(request, route))
    const titles = [...heads.values()].map((head) => head.title)
    const descriptions = [...heads.values()].map((head) => head.description)
    expect(new Set(titles).size).toBe(ROUTES.length)
    expect(new Set(descriptions).size).toBe(ROUTES.length)

    for (const [route, head] of heads) {
      const url = `${settings.siteUrl}${route}`
      const locale = localeOfPath(route)
      // Home leads with the brand; other pages are signed with it (the short one when the full one would not fit).
      expect(head.title, route).toMatch(
        new RegExp(`^${settings.name} \\| | \\| (${settings.name}|${settings.shortName})$`),
      )
      // The same page in every language, English the default, both ways.
      expect(head.alternates, route).toEqual({
        en: `${settings.siteUrl}${routeOf(route)}`,
        fr: `${settings.siteUrl}${localePath(routeOf(route), "fr")}`,
        "x-default": `${settings.siteUrl}${routeOf(route)}`,
      })
      expect(head.meta["og:locale"], route).toBe(locale === "fr" ? "fr_CH" : "en_GB")
      expect(head.localeAlternates, route).toEqual([locale === "fr" ? "en_GB" : "fr_CH"])
      expect(head.title.length, route).toBeLessThanOrEqual(70)
      expect(head.description?.length, route).toBeGreaterThan(50)
      expect(head.canonical, route).toBe(url)
      expect(head.lang, route).toBe(locale)
      expect(head.meta["robots"], route).toBeUndefined()
      expect(head.meta["og:title"], route).toBe(head.title)
      expect(head.meta["og:description"], route).toBe(head.description)
      expect(head.meta["og:url"], route).toBe(url)
      expect(head.meta["og:type"], route).toBe(
        routeOf(route).startsWith("/case-studies/") && routeOf(route) !== "/case-studies/" ? "article" : "website",
      )
      expect(head.meta["og:site_name"], route).toBe(settings.name)
      expect(head.meta["og:image:width"], route).toBe("1200")
      expect(head.meta["og:image:height"], route).toBe("630")
      expect(head.meta["og:image:alt"]?.length, route).toBeGreaterThan(10)
      expect(head.meta["twitter:card"], route).toBe("summary_large_image")
      expect(head.meta["twitter:title"], route).toBe(head.title)
      expect(head.meta["twitter:description"], route).toBe(head.description)
      expect(head.meta["twitter:image"], route).toBe(head.meta["og:image"])
      expect(head.meta["theme-color"], route).toBe("#0E0F13")

      const image = head.meta["og:image"]
      expect(image.startsWith(`${settings.siteUrl}/og/`), route).toBe(true)
      const response = await request.get(image.replace(settings.siteUrl, ""))
      expect(response.status(), image).toBe(200)
      const { width, height, format } = await sharp(await response.body()).metadata()
      expect({ width, height, format }, image).toEqual({ width: 1200, height: 630, format: "png" })
    }
  })

  test("the 404 page and the unknown-case fallback are noindex, without a canonical, in both languages", async ({
    request,
  }) => {
    for (const route of [
      "/no-such-page/",
      "/case-studies/not-a-case/",
      "/fr/no-such-page/",
      "/fr/case-studies/not-a-case/",
    ]) {
      const head = await headOf(request, route)
      expect(head.meta["robots"], route).toMatch(/noindex/)
      expect(head.canonical, route).toBeNull()
      expect(head.lang, route).toBe(localeOfPath(route))
    }
  })

  test("each head tag has one owner: no tag appears twice", async ({ request }) => {
    for (const route of ROUTES) {
      const page = parseHtml(await (await request.get(route)).text())
      for (const selector of [
        "title",
        'meta[name="description"]',
        'link[rel="canonical"]',
        'meta[property="og:image"]',
        'meta[name="theme-color"]',
        'link[rel="manifest"]',
      ]) {
        expect(page.querySelectorAll(selector).length, `${route} ${selector}`).toBeLessThanOrEqual(1)
      }
    }
  })
})

test.describe("head in the browser", () => {
  /** react-helmet marks the tags it owns with this attribute; no other script of the site names it. */
  const HELMET_MARK = "data-react-helmet"

  test("a visitor's first page loads no head code; after a navigation inside the site the head follows the page", async ({
    page,
  }) => {
    const scripts: string[] = []
    page.on("response", async (response) => {
      if (response.request().resourceType() === "script") scripts.push(await response.text())
    })
    await page.goto("/")
    await expect(page).toHaveTitle(`${settings.name} | ${settings.tagline}`)
    await page.waitForLoadState("networkidle")
    expect(scripts.length).toBeGreaterThan(3)
    expect(scripts.filter((script) => script.includes(HELMET_MARK))).toHaveLength(0)

    const privacy = readContent("pages/privacy-policy.json")
    await page.evaluate(() => ((window as unknown as { sameDocument: boolean }).sameDocument = true))
    await page.locator("footer").getByRole("link", { name: "Privacy Policy" }).click()
    await expect(page).toHaveTitle(`${privacy.title} | ${settings.name}`)
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", `${settings.siteUrl}/privacy-policy/`)
    await expect(page.locator('meta[name="description"]')).toHaveAttribute("content", privacy.description)
    expect(scripts.filter((script) => script.includes(HELMET_MARK))).toHaveLength(1)
    expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(true)
  })
})

test.describe("structured data", () => {
  test("every page describes the organisation and the website in its language, with a working SearchAction", async ({
    request,
  }) => {
    for (const route of ROUTES) {
      const locale = localeOfPath(route)
      const local = settingsIn(locale)
      const graph = graphOf(await headOf(request, route))
      const organization = graph.find((node) => node["@type"] === "Organization")!
      expect(organization, route).toMatchObject({
        "@id": `${settings.siteUrl}/#organization`,
        name: settings.name,
        url: `${settings.siteUrl}/`,
        foundingDate: "2020",
        email: settings.contactEmail,
        address: { "@type": "PostalAddress", addressLocality: local.address.locality, addressCountry: "CH" },
      })
      // The house's own record: its people's profiles are theirs, on their Person nodes (home page).
      expect(organization.sameAs, route).toBeUndefined()
      expect((await request.get(organization.logo.replace(settings.siteUrl, ""))).status()).toBe(200)
      const website = graph.find((node) => node["@type"] === "WebSite")!
      expect(website.publisher).toEqual({ "@id": organization["@id"] })
      expect(website).toMatchObject({ url: `${settings.siteUrl}${localePath("/", locale)}`, inLanguage: locale })
      expect(website.potentialAction).toMatchObject({
        "@type": "SearchAction",
        target: { urlTemplate: `${settings.siteUrl}${localePath("/case-studies/", locale)}?q={search_term_string}` },
        "query-input": "required name=search_term_string",
      })
    }
  })

  test("the home page lists the six services, provided by the organisation", async ({ request }) => {
    const services = graphOf(await headOf(request, "/")).filter((node) => node["@type"] === "Service")
    expect(services.map((service) => service.name)).toEqual(
      readContent("home/services.json").services.map((service: { title: string }) => service.title),
    )
    for (const service of services) {
      expect(service.provider).toEqual({ "@id": `${settings.siteUrl}/#organization` })
      expect(service.serviceType).toBe(service.name)
      expect(service.areaServed.length).toBeGreaterThan(0)
    }
  })

  test("the home page names each team member as a person working for the house, with their profile", async ({
    request,
  }) => {
    const people = graphOf(await headOf(request, "/")).filter((node) => node["@type"] === "Person")
    const members: Array<{ slug: string; name: string; role: string; profile?: string }> =
      readContent("home/about.json").members
    expect(people).toEqual(
      members.map((member) => ({
        "@type": "Person",
        "@id": `${settings.siteUrl}/#team-${member.slug}`,
        name: member.name,
        jobTitle: member.role,
        worksFor: { "@id": `${settings.siteUrl}/#organization` },
        ...(member.profile ? { sameAs: [member.profile] } : {}),
      })),
    )
    expect(people.filter((person) => person.sameAs).length).toBe(3)
  })

  test("case pages carry a breadcrumb trail and an article, in each language", async ({ request }) => {
    for (const locale of LOCALES) {
      for (const study of caseStudies) {
        const local = readContent(`case-studies/${study.slug}.json`, locale)
        const at = (route: string) => `${settings.siteUrl}${localePath(route, locale)}`
        const url = at(`/case-studies/${study.slug}/`)
        const graph = graphOf(await headOf(request, localePath(`/case-studies/${study.slug}/`, locale)))
        const breadcrumb = graph.find((node) => node["@type"] === "BreadcrumbList")!
        expect(breadcrumb.itemListElement.map((item: { item: string }) => item.item)).toEqual([
          at("/"),
          at("/case-studies/"),
          url,
        ])
        const article = graph.find((node) => node["@type"] === "Article")!
        expect(article).toMatchObject({
          headline: local.title,
          datePublished: study.published,
          description: local.summary.description,
          inLanguage: locale,
          url,
          author: { "@id": `${settings.siteUrl}/#organization` },
          publisher: { "@id": `${settings.siteUrl}/#organization` },
        })
        expect(article.image[0]).toBe(
          `${settings.siteUrl}/og/${locale === "fr" ? "fr-" : ""}case-studies-${study.slug}.png`,
        )
      }
    }
  })
})

test.describe("crawling", () => {
  test("the sitemap lists exactly the eleven public routes in both languages, each with its alternates", async ({
    request,
  }) => {
    const index = await (await request.get("/sitemap-index.xml")).text()
    const sitemaps = [...index.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => match[1].replace(settings.siteUrl, ""))
    const locations: string[] = []
    for (const sitemap of sitemaps) {
      const xml = await (await request.get(sitemap)).text()
      locations.push(...[...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => match[1]))
      // Each entry names the same page in every language, English as the default.
      const wine = `${settings.siteUrl}/fr/case-studies/wine/`
      const entry = xml.split("<url>").find((item) => item.includes(`<loc>${wine}</loc>`))!
      expect(entry).toContain(`hreflang="en" href="${settings.siteUrl}/case-studies/wine/"`)
      expect(entry).toContain(`hreflang="fr" href="${wine}"`)
      expect(entry).toContain(`hreflang="x-default" href="${settings.siteUrl}/case-studies/wine/"`)
    }
    expect(locations.sort()).toEqual(ROUTES.map((route) => `${settings.siteUrl}${route}`).sort())
    expect(locations).toHaveLength(22)
  })

  test("robots.txt allows crawling and names the sitemap", async ({ request }) => {
    const robots = await (await request.get("/robots.txt")).text()
    expect(robots).toContain("Allow: /")
    expect(robots).toContain(`Sitemap: ${settings.siteUrl}/sitemap-index.xml`)
  })

  test("the web app manifest, favicons and /favicon.ico are served", async ({ request }) => {
    const manifest = await (await request.get("/manifest.webmanifest")).json()
    expect(manifest).toMatchObject({ name: settings.name, short_name: settings.shortName, theme_color: "#0E0F13" })
    const sizes = manifest.icons.map((icon: { sizes: string }) => icon.sizes)
    expect(sizes).toEqual(expect.arrayContaining(["48x48", "192x192", "512x512"]))
    for (const icon of manifest.icons) expect((await request.get(icon.src)).status(), icon.src).toBe(200)
    expect((await request.get("/favicon-32x32.png")).status()).toBe(200)
    // Browsers and crawlers ask for /favicon.ico outside any page: an icon, not the 404 page.
    const ico = await request.get("/favicon.ico")
    expect(ico.status()).toBe(200)
    expect([...(await ico.body()).subarray(0, 4)], "an ICO file's signature").toEqual([0, 0, 1, 0])
    const touchIcon = await request.get("/apple-touch-icon.png")
    expect(touchIcon.headers()["content-type"]).toBe("image/png")
    const png = await touchIcon.body()
    expect([png.readUInt32BE(16), png.readUInt32BE(20)], "180 x 180 pixels").toEqual([180, 180])
  })
})
