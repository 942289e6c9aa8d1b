// A course as its card shows it: the catalogue model maps a course row to one (toCardJson in
// app/models/catalogue/course.server.ts), and the fixed B.Sc card is written in app/content/bsc-card.ts.

export type CardCourse = {
  courseTitle: string
  subTitle: string
  mode: string
  language: string
  courseTag: string
  courseImage: string
  actualPrice: number
  discountedPrice: number
  linkAddress: string
}
