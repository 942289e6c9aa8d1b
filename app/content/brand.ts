// Brand copy and links: SAMPLE content we wrote; replace freely. The brand name itself is BRAND_NAME and the
// contact e-mail/phone/office are constants in app/lib/constants.ts.
import { BRAND_NAME } from '~/lib/constants'

export const brand = {
  name: BRAND_NAME,
  tagline: 'Biology coaching for IIT JAM, GATE, GAT-B, CUET PG and B.Sc Hons Microbiology',
  hero: {
    heading: 'Crack your M.Sc entrance with focused biology coaching',
    text: 'Live batches and recorded courses for IIT JAM, GATE, GAT-B and CUET PG, plus semester batches for B.Sc Hons Microbiology. Learn from anywhere, even on a slow connection.',
    // Sample intro video (YouTube embed URL); it loads only when the visitor presses play.
    video: 'https://www.youtube.com/embed/URUJD5NEXC8',
    poster: '/images/hero-poster.svg',
  },
  about: {
    heading: `About ${BRAND_NAME}`,
    paragraphs: [
      `${BRAND_NAME} is a small team of biology teachers from Serampore, Kolkata. We prepare students for the national M.Sc and M.Tech entrance exams and support B.Sc Hons Microbiology students semester by semester.`,
      'Every batch combines concept classes, notes you can download, and timed mock tests with a leaderboard, so you always know where you stand.',
    ],
  },
  joinUs: {
    heading: 'Join Us',
    text: 'Join a community of learners who study together, ask questions in live classes and practise with mock tests every week.',
  },
  steps: [
    { title: 'Signup and Enroll', text: 'Create a free account and choose the batch that fits your exam.', cta: true },
    {
      title: 'Access Courses and Materials',
      text: 'Watch lectures and download notes from your course page at any time.',
      cta: false,
    },
    {
      title: 'Join Live Classes Anytime',
      text: 'Attend live classes with your batch and revise with the recordings.',
      cta: false,
    },
  ],
  aboutPage: {
    heading: `About ${BRAND_NAME}`,
    mission:
      'Our mission is to make good biology teaching affordable and reachable for every student in India, whatever their connection speed.',
    points: [
      'Exam-focused syllabus coverage for IIT JAM, GATE, GAT-B and CUET PG',
      'Bengali-medium semester batches for B.Sc Hons Microbiology',
      'Timed mock tests with explanations and leaderboards',
      'Notes and recordings that stay available for your whole batch',
    ],
  },
} as const

/** Footer items without a link. */
export const footerPlainItems = [
  'Support',
  'Privacy Policy',
  'Terms and Conditions',
  'Pricing and Refund',
  'FAQs',
  'Telegram',
] as const

// Sample community and social links: replace with the real ones.
export const community = {
  whatsappGroup: 'https://chat.whatsapp.com/sample-biocoach-community',
  chat: 'https://t.me/sample_biocoach_chat',
}

export const socialLinks = [
  { label: 'YouTube', href: 'https://www.youtube.com/@sample-biocoach' },
  { label: 'Instagram', href: 'https://www.instagram.com/sample.biocoach' },
  { label: 'Facebook', href: 'https://www.facebook.com/sample.biocoach' },
  { label: 'LinkedIn', href: 'https://www.linkedin.com/company/sample-biocoach' },
] as const

export const whatsappPanel = {
  title: "Let's Connect",
  text: 'Join our WhatsApp group for class updates, free notes and exam news.',
  cta: 'Join Now',
  href: community.whatsappGroup,
}
