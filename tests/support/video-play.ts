import { expect, type Page } from '@playwright/test'

// Playing the page's lecture video in a browser flow (tests/e2e/lecture-video.spec.ts, video-upload.spec.ts).

/** The page's video element's current time. */
export const videoTime = (page: Page) => page.evaluate(() => document.querySelector('video')!.currentTime)

/** Plays the page's video muted (autoplay rules) and waits until its time has moved past `seconds`. */
export async function playsTo(page: Page, seconds: number) {
  await page.evaluate(() => {
    const v = document.querySelector('video')!
    v.muted = true
    void v.play()
  })
  await expect.poll(() => videoTime(page), { timeout: 20_000 }).toBeGreaterThan(seconds)
}
