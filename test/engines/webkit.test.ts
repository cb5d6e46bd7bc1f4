import { describeEngine } from "./scenario"

describeEngine("webkit")
