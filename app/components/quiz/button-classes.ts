// The test view's buttons: one look for the action row, the submit summary and the no-JS confirmation page.
export const btn = 'rounded px-4 py-2 text-sm font-semibold disabled:opacity-70'
export const btnGrey = `${btn} border border-slate-300 bg-white hover:bg-slate-100 dark:border-slate-600 dark:bg-slate-800 dark:hover:bg-slate-700`
