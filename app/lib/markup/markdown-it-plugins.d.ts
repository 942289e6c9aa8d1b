// markdown-it-sub and markdown-it-sup ship no types; each is a plain markdown-it plugin.
declare module 'markdown-it-sub' {
  import type { MarkdownIt } from 'markdown-it'
  const plugin: (md: MarkdownIt) => void
  export default plugin
}
declare module 'markdown-it-sup' {
  import type { MarkdownIt } from 'markdown-it'
  const plugin: (md: MarkdownIt) => void
  export default plugin
}
