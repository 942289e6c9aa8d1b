import type { StandInStarter } from './index'

// Placeholder: the owning issue replaces this with a real openai-shaped server.
export const startOpenai: StandInStarter = async () => ({ env: {}, close: async () => {} })
