import { describeEngine } from "./scenario"

describeEngine("chromium")
