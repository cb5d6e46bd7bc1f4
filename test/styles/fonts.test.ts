import arial from "@capsizecss/metrics/arial"
import cormorantGaramond from "@capsizecss/metrics/cormorantGaramond"
import inter from "@capsizecss/metrics/inter"
import timesNewRoman from "@capsizecss/metrics/timesNewRoman"
import { describe, expect, it } from "vitest"
import { DISPLAY_FALLBACK, TEXT_FALLBACK } from "../../src/styles/fonts"

type Metrics = typeof inter

const percent = (value: number) => `${(value * 100).toFixed(2)}%`

function overrides(font: Metrics, fallback: Metrics) {
  const sizeAdjust = font.xWidthAvg / font.unitsPerEm / (fallback.xWidthAvg / fallback.unitsPerEm)
  const scaled = font.unitsPerEm * sizeAdjust
  return {
    sizeAdjust: percent(sizeAdjust),
    ascentOverride: percent(font.ascent / scaled),
    descentOverride: percent(Math.abs(font.descent) / scaled),
    lineGapOverride: percent(font.lineGap / scaled).replace("0.00%", "0%"),
  }
}

describe("fallback font metrics", () => {
  it("match Cormorant Garamond over Times New Roman (and its metric twin Liberation Serif)", () => {
    expect(DISPLAY_FALLBACK).toMatchObject(overrides(cormorantGaramond, timesNewRoman))
  })

  it("match Inter over Arial (and its metric twin Liberation Sans)", () => {
    expect(TEXT_FALLBACK).toMatchObject(overrides(inter, arial))
  })
})
