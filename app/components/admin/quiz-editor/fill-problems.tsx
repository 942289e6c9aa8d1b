// Filled questions (an AI draft) whose markup does not render: listed by question and field, so staff fix them
// before Create Quiz, whose save would refuse them with the same messages.
export function FillProblems({ problems }: { problems: string[] }) {
  return (
    <div
      role="alert"
      className="mb-4 rounded border border-red-300 bg-red-50 p-3 text-sm text-red-900 dark:border-red-800 dark:bg-red-950 dark:text-red-100"
      data-testid="fill-problems"
    >
      <p className="font-semibold">Some questions need fixing before they can be saved:</p>
      <ul className="mt-1 list-disc pl-5">
        {problems.map((p) => (
          <li key={p}>{p}</li>
        ))}
      </ul>
    </div>
  )
}
