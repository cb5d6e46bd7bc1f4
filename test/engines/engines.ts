/**
 * The browser engines a visitor's browser is built on beside Chromium (which Playwright drives in
 * e2e/), each driven the way it can be here without downloading a browser: Debian's Firefox ESR by
 * puppeteer-core (WebDriver BiDi), and WebKitGTK by its WebDriver (selenium-webdriver), running a
 * small browser of its own (webkit-browser.py) under Xvfb. Each opens tabs that load a page at a
 * width, click with the pointer, press keys, run a script, and report what the visitor's browser
 * would complain about: console errors, uncaught errors, Content-Security-Policy refusals, requests
 * that failed or were answered with an error status.
 */
import { type ChildProcess, spawn } from "node:child_process"
import fs from "node:fs"
import os from "node:os"
import path from "node:path"
import puppeteer, { type Browser, type HTTPRequest, type Page } from "puppeteer-core"
import { Builder, By, Capabilities, Key, type WebDriver, error as seleniumError, until } from "selenium-webdriver"
import { freePort } from "../../deploy/lib/free-port"
import { ensureSystemPackage } from "../../deploy/lib/system-packages"
import { waitForServer } from "../../deploy/lib/wait-for-server"

export type EngineName = "firefox" | "webkit"

export interface Tab {
  /** Gives the viewport `width` (and a phone's or a laptop's height), opens `url` and waits for its load event. */
  open(url: string, width: number): Promise<void>
  /**
   * Runs `script` in the page with `args` and returns what it returns. It is sent as its source, as
   * the driver's own evaluation (outside the page's policy): it may use nothing from this side. It
   * only reads the page, so an engine may run it again when its driver lost the answer.
   */
  run<A extends unknown[], T>(script: (...args: A) => T, ...args: A): Promise<Awaited<T>>
  /** A pointer click at the centre of the first element `selector` matches, scrolled into view first. */
  click(selector: string): Promise<void>
  /**
   * A pointer click on the first element `selector` matches that opens a new window: resolves once
   * the window is there, with a way to close it (its page is not looked at: the tests are offline).
   */
  clickToNewWindow(selector: string): Promise<{ close(): Promise<void> }>
  /** A key pressed and released where the focus is. */
  press(key: "Escape"): Promise<void>
  /** What the browser reported since the last call: errors, refusals, failed requests. */
  problems(): Promise<string[]>
  close(): Promise<void>
}

export interface Engine {
  name: EngineName
  /** Tabs that may work at once. */
  capacity: number
  openTab(): Promise<Tab>
  close(): Promise<void>
}

const heightFor = (width: number) => (width < 768 ? 812 : 900)

/**
 * Firefox, through puppeteer-core: a browser of its own for each tab, since a browser renders only
 * the tab in front, and a page in a tab behind it never sees its links come into view.
 */
function firefoxEngine(): Engine {
  const launch = (): Promise<Browser> =>
    puppeteer.launch({ browser: "firefox", executablePath: ensureSystemPackage("firefox"), headless: true })
  return {
    name: "firefox",
    capacity: 2,
    openTab: async () => {
      const browser = await launch()
      return puppeteerTab((await browser.pages())[0] ?? (await browser.newPage()), () => browser.close())
    },
    close: async () => {},
  }
}

async function puppeteerTab(page: Page, closeBrowser: () => Promise<void>): Promise<Tab> {
  let found: string[] = []
  page.on("console", (message) => {
    if (message.type() === "error") found.push(`console error: ${message.text()}`)
  })
  page.on("pageerror", (error) => found.push(`uncaught: ${error instanceof Error ? error.message : String(error)}`))
  // Which page asked for each request: the next page's navigation cuts short what the last one was
  // still fetching (a prefetch), and that is no failure of either.
  let pageNumber = 0
  const askedBy = new WeakMap<HTTPRequest, number>()
  page.on("request", (request) => askedBy.set(request, pageNumber))
  page.on("requestfailed", (request) => {
    if ((askedBy.get(request) ?? pageNumber) < pageNumber) return
    found.push(`request failed: ${request.url()} (${request.failure()?.errorText ?? "no reason"})`)
  })
  page.on("response", (response) => {
    if (response.status() >= 400) found.push(`status ${response.status()}: ${response.url()}`)
  })
  // Every refusal, whether or not the engine also logs it.
  await page.evaluateOnNewDocument(() => {
    document.addEventListener("securitypolicyviolation", (event) =>
      console.error(`Content-Security-Policy refused ${event.blockedURI} (${event.effectiveDirective})`),
    )
  })
  return {
    open: async (url, width) => {
      // The last page goes first: resized while still shown, it would bring more links into view
      // and prefetch them, and the next page's navigation would cut those short in its own name.
      await page.goto("about:blank")
      pageNumber += 1
      await page.setViewport({ width, height: heightFor(width) })
      await page.goto(url, { waitUntil: "load" })
    },
    run: (script, ...args) => page.evaluate(script as (...values: unknown[]) => unknown, ...args) as never,
    click: async (selector) => {
      const element = await page.waitForSelector(selector, { visible: true })
      await element!.click()
    },
    clickToNewWindow: async (selector) => {
      const element = await page.waitForSelector(selector, { visible: true })
      const opened = page
        .browser()
        .waitForTarget((target) => target.type() === "page" && target !== page.target(), { timeout: 30_000 })
      await element!.click()
      const window = await (await opened).page()
      return { close: async () => window?.close() }
    },
    press: (key) => page.keyboard.press(key),
    problems: async () => {
      const problems = found
      found = []
      return problems
    },
    close: closeBrowser,
  }
}

/** One WebKitWebDriver, its browser, and the file the browser reports to. */
interface WebKitSession {
  driver: WebDriver
  report: string
  stop(): void
}

/**
 * WebKitGTK: one WebKitWebDriver and its browser per tab, on one Xvfb screen. The browser's report
 * (webkit-browser.py) carries WebKit's console, its policy refusals included, and failed requests.
 */
async function webkitEngine(): Promise<Engine> {
  const driverBinary = ensureSystemPackage("webkit")
  const xvfb = spawn("Xvfb", ["-displayfd", "3", "-screen", "0", "1600x1000x24", "-nolisten", "tcp"], {
    stdio: ["ignore", "ignore", "ignore", "pipe"],
  })
  const display = await new Promise<string>((resolve, reject) => {
    xvfb.stdio[3]!.once("data", (chunk: Buffer) => resolve(`:${chunk.toString().trim()}`))
    xvfb.once("exit", (code) => reject(new Error(`Xvfb stopped at start: exit ${code}`)))
  })
  const reports = fs.mkdtempSync(path.join(os.tmpdir(), "webkit-"))
  const drivers: ChildProcess[] = []
  const startSession = async (): Promise<WebKitSession> => {
    const port = await freePort()
    const driverProcess = spawn(driverBinary, [`--port=${port}`], {
      stdio: "ignore",
      env: { ...process.env, DISPLAY: display },
    })
    drivers.push(driverProcess)
    const server = `http://127.0.0.1:${port}`
    await waitForServer(`${server}/status`, {
      name: "WebKitWebDriver",
      timeoutMs: 20_000,
      failed: () => (driverProcess.exitCode === null ? undefined : `exit ${driverProcess.exitCode} (port ${port})`),
    })
    const report = path.join(reports, `${port}.log`)
    fs.writeFileSync(report, "")
    const driver = await new Builder()
      .usingServer(server)
      .withCapabilities(
        new Capabilities({
          browserName: "webkit-browser",
          "webkitgtk:browserOptions": {
            binary: path.join(__dirname, "webkit-browser.py"),
            args: [`--report=${report}`],
          },
        }),
      )
      .build()
    return { driver, report, stop: () => driverProcess.kill() }
  }
  return {
    name: "webkit",
    capacity: 2,
    openTab: () => webkitTab(startSession),
    close: async () => {
      for (const driver of drivers) driver.kill()
      xvfb.kill()
      fs.rmSync(reports, { recursive: true, force: true })
    },
  }
}

/** The lines of the browser's report that a visitor's browser would show as errors. */
const WEBKIT_PROBLEM = /^(CONSOLE \S+ ERROR|REQUEST )/

/** How many of the browser's last lines a lost session's failure quotes. */
const LAST_LINES = 12

/**
 * A tab on a WebKit session. When the browser under the session stops (WebKitGTK's browser on a
 * busy two-core machine did so once in 144 visits), the call that met it fails, quoting the
 * browser's last lines, and the tab's next page opens in a new session: the test that met the
 * stop fails its try, and the next test (or its retry) is not failed by it.
 */
async function webkitTab(startSession: () => Promise<WebKitSession>): Promise<Tab> {
  let session = await startSession()
  let read = 0
  let lost = false
  const call = async <T>(work: (driver: WebDriver) => Promise<T>): Promise<T> => {
    try {
      return await work(session.driver)
    } catch (failure) {
      if (!(failure instanceof seleniumError.NoSuchSessionError)) throw failure
      lost = true
      const last = fs.readFileSync(session.report, "utf8").trimEnd().split("\n").slice(-LAST_LINES).join("\n")
      throw new Error(`WebKit's browser stopped under its session; its last lines:\n${last || "(none)"}`, {
        cause: failure,
      })
    }
  }
  return {
    open: async (url, width) => {
      if (lost) {
        session.stop()
        session = await startSession()
        read = 0
        lost = false
      }
      await call(async (driver) => {
        await driver
          .manage()
          .window()
          .setRect({ width, height: heightFor(width) })
        await driver.get(url)
      })
    },
    run: async (script, ...args) => {
      // WebKitWebDriver now and then fails to read back what a script returned ("Could not parse
      // script result", once in 144 visits on a busy machine); the scripts only read the page, so
      // the same one is run again, twice at most. Any other error is the test's.
      for (let attempt = 1; ; attempt += 1) {
        try {
          return (await call((driver) => driver.executeScript(script, ...args))) as never
        } catch (error) {
          if (attempt === 3 || !(error instanceof Error && error.message.includes("Could not parse script result")))
            throw error
        }
      }
    },
    click: (selector) => call((driver) => pointerClick(driver, selector)),
    clickToNewWindow: (selector) =>
      call(async (driver) => {
        const own = await driver.getWindowHandle()
        const before = await driver.getAllWindowHandles()
        await pointerClick(driver, selector)
        let opened: string | undefined
        for (let waited = 0; !opened && waited < 30_000; waited += 100) {
          opened = (await driver.getAllWindowHandles()).find((handle) => !before.includes(handle))
          if (!opened) await new Promise((resolve) => setTimeout(resolve, 100))
        }
        if (!opened) throw new Error(`no new window within 30 s of a click on ${selector}`)
        const window = opened
        return {
          close: () =>
            call(async () => {
              await driver.switchTo().window(window)
              await driver.close()
              await driver.switchTo().window(own)
            }),
        }
      }),
    press: () => call((driver) => driver.actions({ async: true }).sendKeys(Key.ESCAPE).perform()),
    problems: async () => {
      const text = fs.readFileSync(session.report, "utf8")
      const lines = text.slice(read).split("\n")
      read = text.length
      return lines.filter((line) => WEBKIT_PROBLEM.test(line))
    },
    close: async () => {
      if (!lost) await session.driver.quit()
      session.stop()
    },
  }
}

/** How long a click waits for its element to be there and to hold still, as Playwright's does. */
const ACTIONABLE_MS = 10_000

/**
 * A pointer click at the centre of the first element `selector` matches, once it is there and holds
 * still, as Playwright clicks. The pointer goes where the element was when the driver measured it,
 * and the phone menu counts as open while its panel still slides (seen 33 px from its place): a click
 * on its close button then can land beside it. On a loaded host the menu test failed "not closed
 * within 30 s" in 2 of 4 runs of the engines clicking at once, and in none of 4 with this wait.
 */
async function pointerClick(driver: WebDriver, selector: string): Promise<void> {
  const element = await driver.wait(until.elementLocated(By.css(selector)), ACTIONABLE_MS)
  // At once: the site scrolls smoothly, and a click during the scroll would land where it was.
  await driver.executeScript("arguments[0].scrollIntoView({ block: 'center', behavior: 'instant' })", element)
  const box = () =>
    driver.executeScript<string>(
      "const { x, y, width, height } = arguments[0].getBoundingClientRect(); return [x, y, width, height].join()",
      element,
    )
  const deadline = Date.now() + ACTIONABLE_MS
  for (let last = await box(); ;) {
    await new Promise((resolve) => setTimeout(resolve, 100))
    const now = await box()
    if (now === last) break
    if (Date.now() > deadline) throw new Error(`${selector} still moving after ${ACTIONABLE_MS / 1000} s`)
    last = now
  }
  // WebKitWebDriver refuses its Element Click on some visible buttons; a pointer action works.
  await driver.actions({ async: true }).move({ origin: element }).click().perform()
}

export const launchEngine = async (name: EngineName): Promise<Engine> =>
  name === "webkit" ? webkitEngine() : firefoxEngine()
