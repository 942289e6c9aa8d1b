export function SiteFooter() {
  return <footer className="border-t py-8 text-center text-sm">© {new Date().getFullYear()}</footer>
}
