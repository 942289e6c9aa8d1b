// Demo content for the seed. Sample content we wrote (names, links, questions); replace freely.
import type { CourseInput, QuestionInput } from './factories.ts'
import type { Role } from './schema.ts'

// The demo accounts listed in README.md.
export const DEMO_ACCOUNTS: { name: string; email: string; password: string; role: Role }[] = [
  { name: 'Demo Admin', email: 'admin@biocoach.example', password: 'Admin@12345', role: 'admin' },
  { name: 'Demo Instructor', email: 'instructor@biocoach.example', password: 'Teach@12345', role: 'instructor' },
  { name: 'Demo Learner', email: 'learner@biocoach.example', password: 'Learn@12345', role: 'user' },
]

type SeedCourse = CourseInput & {
  sections: { title: string; lectures: { title: string; videoURL: string; noteTitle?: string; noteURL?: string }[] }[]
}

const yt = (id: string) => `https://www.youtube.com/embed/${id}`

export const DEMO_COURSES: SeedCourse[] = [
  {
    cardTitle: 'IIT JAM Biotechnology Live',
    subTitle: 'Live batch for IIT JAM BT',
    courseTag: 'm.sc entrance',
    mode: 'live',
    language: 'English',
    courseImage: '/images/courses/iit-jam.svg',
    actualPrice: 2999,
    discountedPrice: 1999,
    linkAddress: 'iit-jam-biotechnology-live',
    courseTitle: 'IIT JAM Biotechnology Live Batch',
    courseDescription: 'Live classes covering the full IIT JAM Biotechnology syllabus.',
    whatsappLink: 'https://chat.whatsapp.com/sample-iit-jam',
    grantsQuizAccess: true,
    sections: [{ title: 'Cell Biology', lectures: [{ title: 'The cell and its organelles', videoURL: yt('URUJD5NEXC8') }] }],
  },
]

export const DEMO_QUIZZES: { title: string; description: string; category: 'free' | 'paid'; timeLimit: number; questions: QuestionInput[] }[] = [
  {
    title: 'Cell Biology Basics',
    description: 'Ten questions on cell structure and function.',
    category: 'free',
    timeLimit: 10,
    questions: [
      { questionText: 'Which organelle is the site of aerobic respiration?', options: ['Nucleus', 'Mitochondrion', 'Golgi apparatus', 'Lysosome'], correctOption: 1, explanation: 'The Krebs cycle and oxidative phosphorylation take place in mitochondria.' },
    ],
  },
]

export const DEMO_COUPON = { linkAddress: 'iit-jam-biotechnology-live', code: 'welcome10', discount: 10 }
