// Ten static testimonials. SAMPLE quotes and people we wrote; replace freely.
export type Testimonial = {
  name: string
  message: string
  imageUrl: string
  presentCourseOfStudy: string
  instituteName: string
}

const avatar = '/images/people/avatar.svg'

export const testimonials: Testimonial[] = [
  {
    name: 'Riya B. (sample)',
    imageUrl: avatar,
    presentCourseOfStudy: 'M.Sc Biotechnology',
    instituteName: 'IIT Bombay',
    message:
      'The live JAM batch kept me on a weekly rhythm. Every topic ended with a short test, and the explanations after each test showed me exactly which concepts I kept mixing up. The cell biology classes were the best I have attended anywhere, and the notes were short enough to revise the night before the exam.',
  },
  {
    name: 'Sourav M. (sample)',
    imageUrl: avatar,
    presentCourseOfStudy: 'M.Sc Life Sciences',
    instituteName: 'Central University',
    message:
      'I joined the CUET PG course three months before the exam. The mock tests were close to the real paper and the leaderboard pushed me to improve every week.',
  },
  {
    name: 'Ankita P. (sample)',
    imageUrl: avatar,
    presentCourseOfStudy: 'B.Sc Hons Microbiology',
    instituteName: 'Serampore College',
    message:
      'Semester classes in Bengali helped me understand microbial genetics properly for the first time. When I missed a live class on my slow phone connection I could still watch the recording later, and the teachers answered every doubt I posted in the group, even the silly ones.',
  },
  {
    name: 'Tanmoy S. (sample)',
    imageUrl: avatar,
    presentCourseOfStudy: 'M.Tech Biotechnology',
    instituteName: 'NIT Durgapur',
    message:
      'GATE biochemistry numericals used to scare me. After the enzyme kinetics module I could solve them in under two minutes.',
  },
  {
    name: 'Pooja K. (sample)',
    imageUrl: avatar,
    presentCourseOfStudy: 'M.Sc Biotechnology',
    instituteName: 'JNU',
    message:
      'The GAT-B course covered exactly the topics that appeared in my paper. The faculty explained the logic of each experiment instead of asking us to memorise results, which made the tricky assertion-reason questions much easier to handle on exam day.',
  },
  {
    name: 'Arka D. (sample)',
    imageUrl: avatar,
    presentCourseOfStudy: 'B.Sc Hons Microbiology',
    instituteName: 'University of Calcutta',
    message: 'Clear classes, regular tests and very helpful teachers. Highly recommended for semester preparation.',
  },
  {
    name: 'Nisha R. (sample)',
    imageUrl: avatar,
    presentCourseOfStudy: 'M.Sc Microbiology',
    instituteName: 'University of Hyderabad',
    message:
      'What I liked most was the honesty of the feedback. My mock test scores were low at first, and the teachers sat with me to plan which chapters to fix first. Two months later I was in the top ten of the leaderboard and I finally felt ready for the real exam.',
  },
  {
    name: 'Debjit H. (sample)',
    imageUrl: avatar,
    presentCourseOfStudy: 'M.Sc Zoology',
    instituteName: 'Visva-Bharati',
    message: 'The recorded JAM course let me study around my college timetable. Good value for the price.',
  },
  {
    name: 'Shreya G. (sample)',
    imageUrl: avatar,
    presentCourseOfStudy: 'M.Sc Biochemistry',
    instituteName: 'IISER Kolkata',
    message:
      'Molecular biology was my weakest subject until the operon and gene regulation classes. The diagrams in the notes were simple and exam-ready, and the short daily quizzes made sure I actually remembered what I had studied the week before instead of forgetting it.',
  },
  {
    name: 'Rohan T. (sample)',
    imageUrl: avatar,
    presentCourseOfStudy: 'B.Sc Hons Microbiology',
    instituteName: 'Bethune College',
    message: 'Friendly teachers and a well-planned syllabus for every semester. The WhatsApp group is very active.',
  },
]
