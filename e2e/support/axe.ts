import AxeBuilder from '@axe-core/playwright'
import type { Page } from '@playwright/test'

/** The WCAG 2.1 A and AA rules: what the accessibility gate holds every screen and dialog to. */
export const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']

/** One violation, short enough to read in a failed test's diff: rule, impact, and where. */
export interface Finding {
  screen: string
  rule: string
  impact: string
  targets: string[]
  summary: string
}

/**
 * Runs axe over the whole page as it is now (a dialog open, a menu shown) and returns what it found,
 * named by the screen it was run on. Nothing is excluded: every rule of the tags, every element.
 */
export async function axeFindings(page: Page, screen: string): Promise<Finding[]> {
  const result = await new AxeBuilder({ page }).withTags(WCAG_TAGS).analyze()
  return result.violations.flatMap((v) =>
    v.nodes.map((n) => ({
      screen,
      rule: v.id,
      impact: v.impact ?? 'unknown',
      targets: n.target.map(String),
      summary: n.failureSummary?.split('\n').slice(0, 3).join(' ') ?? v.help
    }))
  )
}

/** Collects findings screen by screen, so one run reports every screen's violations at once. */
export class AxeGate {
  readonly findings: Finding[] = []
  readonly screens: string[] = []

  constructor(private readonly page: Page) {}

  async check(screen: string): Promise<void> {
    this.screens.push(screen)
    this.findings.push(...(await axeFindings(this.page, screen)))
  }
}
