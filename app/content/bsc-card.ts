import { BSC_CARD_PRICES, BSC_TAG } from '~/lib/constants'
import type { CardCourse } from '~/lib/course-card'

// The fixed B.Sc Hons. Microbiology card: live, Bengali, linkAddress bsc-hons-batch; its prices
// differ between the courses list (1500/999) and the home carousel (1200/999).
export function bscCard(where: keyof typeof BSC_CARD_PRICES): CardCourse {
  return {
    courseTitle: 'B.Sc Hons. Microbiology',
    subTitle: 'Semester batches I to VI, live classes in Bengali',
    mode: 'live',
    language: 'Bengali',
    courseTag: BSC_TAG,
    courseImage: '/images/courses/bsc.svg',
    linkAddress: 'bsc-hons-batch',
    ...BSC_CARD_PRICES[where],
  }
}
