// Placeholder screen until the owning issue lands (issue 2 §1 allows these, and only these).
export default function Placeholder() {
  return (
    <main className="mx-auto max-w-3xl px-4 py-16">
      <h1 className="text-2xl font-bold">Coming soon</h1>
      <p className="mt-2">This screen is being built.</p>
    </main>
  )
}
