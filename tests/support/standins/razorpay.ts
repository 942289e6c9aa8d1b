import type { StandInStarter } from './index'

// Placeholder: the owning issue replaces this with a real razorpay-shaped server.
export const startRazorpay: StandInStarter = async () => ({ env: {}, close: async () => {} })
