// Purchase-panel feature lists. Sample copy; edit freely.
export const purchaseFeatures = {
  live: [
    'Live interactive classes with doubt clearing',
    'Recordings of every live class',
    'Downloadable PDF notes for each lecture',
    'Weekly mock tests with explanations',
    'Batch WhatsApp group with the faculty',
  ],
  recorded: [
    'Full recorded lecture series, watch any time',
    'Downloadable PDF notes for each lecture',
    'Topic-wise practice questions',
    'Doubt support through the community group',
    'Access for the whole course duration',
  ],
} as const

export const featuresFor = (mode: string) =>
  mode.toLowerCase() === 'live' ? purchaseFeatures.live : purchaseFeatures.recorded
