import { describeEngine } from "./scenario"

describeEngine("firefox")
