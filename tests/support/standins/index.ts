// Stand-in servers started once per Playwright run (global-setup.ts). Each returns the env the app server
// needs to use it, and a close function.
import type { E2E } from '../e2e-env'
import { startOpenai } from './openai'
import { startRazorpay } from './razorpay'

export type StandIn = { env: Record<string, string>; close: () => Promise<void> }
export type StandInStarter = (ports: typeof E2E) => Promise<StandIn>

export const standIns: StandInStarter[] = [startRazorpay, startOpenai]
