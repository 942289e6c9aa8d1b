// How a live mock's ranks read (docs/decisions/029-live-mocks.md): '37 of 2,145', with India's thousands separators.
// Pure, for the result page and the rank e-mail (app/models/quiz/live-mails.server.ts).

/** A count as India writes it: '2,145', '1,02,345'. */
export const countText = (n: number) => n.toLocaleString('en-IN')

/** 'r of n'. */
export const rankText = (rank: number, of: number) => `${countText(rank)} of ${countText(of)}`
